/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-memory.c — see cs-export-memory.h
 *
 * The same scatter data as the viewer's Memory page (cs-memory-scatter.c)
 * drawn by the same cairo code, so a PNG made for a talk matches the window.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-export-memory.h"
#include "cs-memory-scatter.h"
#include "cs-scatter-draw.h"
#include "cs-export.h"

gboolean
cs_export_memory (CsAnalysis          *analysis,
                  const char          *which,
                  const CsChartStyle  *style,
                  CsExportFormat       format,
                  double               width,
                  double               height,
                  double               scale,
                  const char          *out,
                  GError             **error)
{
  g_autofree char *path = cs_memory_scatter_find_perf_data (analysis);
  g_autoptr(CsMemoryProfile) profile = NULL;
  g_autoptr(CsScatterData) data = NULL;
  const CsMemoryLine *line;

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("This recording has no samples with registers, so there are no data "
                             "addresses to draw: record with “cyclescope record --regs”."));
      return FALSE;
    }
  if (!(profile = cs_memory_profile_load (path, NULL, NULL, error)))
    return FALSE;
  if (cs_memory_profile_get_n_lines (profile) == 0)
    {
      const char *why = cs_memory_profile_get_warnings (profile)[0];

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                   why != NULL ? why
                   : _("No sampled instruction accessed memory at a known address "
                       "(“cyclescope report --memory” counts the reasons)."));
      return FALSE;
    }
  line = cs_memory_scatter_pick_line (profile, which);
  if (line == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No sampled access touched the cacheline of “%s”: use “line”, “all” or an "
                     "address from “cyclescope report --memory”."), which);
      return FALSE;
    }
  data = g_strcmp0 (which, "all") == 0 ? cs_memory_scatter_new_all (profile, line, FALSE)
                                       : cs_memory_scatter_new_line (profile, line);
  return cs_export (cs_scatter_drawing (data), style, format, width, height, scale, out, error);
}

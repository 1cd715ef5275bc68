/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-callgraph.c — see cs-export-callgraph.h
 *
 * Both come from the recorded call chains through the data layer: the
 * folded stacks straight from the kept samples (cs-folded.c), the flame
 * graph from the call graph with the same cairo code as the viewer's Call
 * Graph page.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "cs-call-graph.h"
#include "cs-export-callgraph.h"
#include "cs-flame-export.h"
#include "cs-folded.h"
#include "cs-profile-samples.h"

/* The profile and event to export, or NULL and an error. */
static CsProfile *
profile_and_event (CsAnalysis            *analysis,
                   const char            *event,
                   const CsProfileEvent **e,
                   GError               **error)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);

  if (profile == NULL || !cs_profile_has_call_chains (profile))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("%s has no call chains, so there are no stacks to export: record with "
                     "“cyclescope record -g” or “perf record -g”."), cs_analysis_get_path (analysis));
      return NULL;
    }
  *e = event != NULL ? cs_profile_find_event (profile, event) : cs_profile_get_default_event (profile);
  if (*e == NULL || (*e)->n_samples == 0)
    {
      g_autofree char *known = g_strjoinv (", ", (char **) cs_profile_get_sampled_event_names (profile));

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("The event “%s” has no samples in %s; sampled events: %s"),
                   event != NULL ? event : "", cs_analysis_get_path (analysis), known);
      return NULL;
    }
  return profile;
}

gboolean
cs_export_folded (CsAnalysis  *analysis,
                  const char  *event,
                  const char  *out,
                  GError     **error)
{
  const CsProfileEvent *e = NULL;
  CsProfile *profile = profile_and_event (analysis, event, &e, error);
  g_autoptr(GString) text = NULL;

  if (profile == NULL)
    return FALSE;
  text = cs_folded_stacks_build (profile, cs_profile_get_call_stacks (profile),
                                 cs_profile_get_samples (profile)->stack, NULL, 0, e->index);
  if (g_strcmp0 (out, "-") == 0)
    {
      if (fwrite (text->str, 1, text->len, stdout) != text->len || fflush (stdout) != 0)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("Could not write the folded stacks to standard output."));
          return FALSE;
        }
      return TRUE;
    }
  return g_file_set_contents (out, text->str, (gssize) text->len, error);
}

gboolean
cs_export_flame_graph (CsAnalysis          *analysis,
                       const char          *event,
                       gboolean             icicle,
                       const CsChartStyle  *style,
                       CsExportFormat       format,
                       double               width,
                       double               height,
                       double               scale,
                       const char          *out,
                       GError             **error)
{
  const CsProfileEvent *e = NULL;
  CsProfile *profile = profile_and_event (analysis, event, &e, error);
  g_autoptr(CsCallGraph) graph = NULL;
  g_autofree char *title = NULL;
  g_autofree char *samples = NULL;
  CsFlameDrawOptions options;

  if (profile == NULL || !(graph = cs_call_graph_new_for_profile (profile, NULL, error)))
    return FALSE;
  samples = g_strdup_printf ("%" G_GUINT64_FORMAT, e->n_samples);
  /* TRANSLATORS: "Flame graph of cpu-clock: 4166 samples" */
  title = g_strdup_printf (icicle ? _("Icicle graph of %s: %s samples") : _("Flame graph of %s: %s samples"),
                           e->name, samples);
  cs_flame_draw_options_init (&options);
  options.icicle = icicle;
  options.title = title;
  return cs_flame_export (graph, icicle ? CS_CALL_TREE_BOTTOM_UP : CS_CALL_TREE_TOP_DOWN, e->index,
                          CS_CALL_ROOT, 0, NULL, &options, style, format, width, height, scale, out, error);
}

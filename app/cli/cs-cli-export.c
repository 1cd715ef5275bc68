/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-export.c — `cyclescope export`: charts to PNG, SVG or PDF, no display
 *
 *   cyclescope export BUNDLE --chart ID|ID,ID…|all|list (--png|--svg|--pdf) OUT
 *                     [--size WxH] [--scale N] [--dark]
 *   cyclescope export BUNDLE --memory line|all|ADDRESS (--png|--svg|--pdf) OUT …
 *   cyclescope export FILE --folded OUT [--event NAME]
 *   cyclescope export FILE --flame-graph [--icicle] (--png|--svg|--pdf) OUT [--event NAME] …
 *
 * Loads the recording as the viewer does (CsAnalysis: a session bundle or a
 * plain perf.data) and draws the charts the viewer's overview shows — the
 * same list, in the same order, with the same cairo code. One ID exports
 * one chart; several IDs or "all" export them as a grid laid out by their
 * count.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cs-chart-grid.h"
#include "cs-export.h"
#include "cs-chart-values.h"
#include "cs-cli.h"
#include "cs-cli-load.h"
#include "cs-cli-util.h"
#include "cs-analysis.h"
#include "cs-export-callgraph.h"
#include "cs-export-memory.h"

#define VERB "export"

/* One chart reads well at 800×450; a grid needs room for up to 4×3 cells.
 * Keep in sync with the --size help text. */
#define DEFAULT_CHART_SIZE "800x450"
#define DEFAULT_GRID_SIZE  "1600x900"

static gboolean
parse_size (const char *text,
            double     *width,
            double     *height)
{
  g_auto(GStrv) parts = NULL;
  char *end = NULL;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit_set (text, "xX×", 2);
  if (g_strv_length (parts) != 2)
    return FALSE;
  errno = 0;
  *width = g_ascii_strtod (parts[0], &end);
  if (errno != 0 || end == parts[0] || *end != '\0')
    return FALSE;
  *height = g_ascii_strtod (parts[1], &end);
  if (errno != 0 || end == parts[1] || *end != '\0')
    return FALSE;
  return *width >= 16 && *height >= 16 && *width <= 20000 && *height <= 20000;
}

/* --size, or @fallback without it; FALSE (after saying why) when unreadable. */
static gboolean
read_size (const char *size,
           const char *fallback,
           double     *width,
           double     *height)
{
  if (parse_size (size != NULL ? size : fallback, width, height))
    return TRUE;
  cs_cli_error (VERB, _("Cannot read the size “%s”: write WIDTHxHEIGHT, e.g. 800x600, each 16 to 20000."),
                size);
  return FALSE;
}

static void
list_charts (GPtrArray *charts)
{
  for (guint i = 0; i < charts->len; i++)
    {
      const CsChartValues *chart = g_ptr_array_index (charts, i);

      g_print ("%-24s %-4s %s\n", chart->id, chart->kind == CS_CHART_BAR ? "BAR" : "REF",
               chart->title != NULL ? chart->title : "");
    }
}

static const CsChartValues *
find_chart (GPtrArray  *charts,
            const char *id)
{
  for (guint i = 0; i < charts->len; i++)
    {
      const CsChartValues *values = g_ptr_array_index (charts, i);

      if (g_strcmp0 (values->id, id) == 0)
        return values;
    }
  return NULL;
}

/* The charts named by @spec ("all" or comma-separated ids), in that order.
 * The returned array borrows from @all. */
static GPtrArray *
select_charts (GPtrArray  *all,
               GPtrArray  *hidden,
               const char *spec,
               GError    **error)
{
  g_autoptr(GPtrArray) chosen = g_ptr_array_new ();
  g_auto(GStrv) ids = NULL;

  if (g_strcmp0 (spec, "all") == 0)
    {
      for (guint i = 0; i < all->len; i++)
        g_ptr_array_add (chosen, g_ptr_array_index (all, i));
      return g_steal_pointer (&chosen);
    }

  ids = g_strsplit (spec, ",", -1);
  for (guint k = 0; ids[k] != NULL; k++)
    {
      const char *id = g_strstrip (ids[k]);
      const CsChartValues *found = find_chart (all, id);

      if (found == NULL && find_chart (hidden, id) != NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("The chart “%s” has no values in this recording: it needs counting runs. "
                         "Record with “cyclescope record” to draw it."), id);
          return NULL;
        }
      if (found == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       _("The model has no chart “%s”. Use “--chart list” to see the chart ids."), id);
          return NULL;
        }
      g_ptr_array_add (chosen, (gpointer) found);
    }
  return g_steal_pointer (&chosen);
}

/* The Memory page's scatter (@arg: which line) or the flame graph (@arg:
 * the event), which have sizes of their own. */
static int
export_view (CsAnalysis     *analysis,
             gboolean        flame,
             const char     *arg,
             gboolean        icicle,
             const char     *size,
             gboolean        dark,
             CsExportFormat  format,
             double          scale,
             const char     *out)
{
  g_autoptr(GError) error = NULL;
  CsChartStyle style;
  double width, height;
  gboolean ok;

  if (!read_size (size, flame ? CS_EXPORT_FLAME_SIZE : CS_EXPORT_MEMORY_SIZE, &width, &height))
    return 2;
  cs_chart_style_init (&style, dark ? CS_THEME_DARK : CS_THEME_LIGHT);
  if (flame)
    ok = cs_export_flame_graph (analysis, arg, icicle, &style, format, width, height, scale, out, &error);
  else
    ok = cs_export_memory (analysis, arg, &style, format, width, height, scale, out, &error);
  if (!ok)
    {
      cs_cli_error (VERB, "%s", error->message);
      return 1;
    }
  return 0;
}

int
cs_cli_export (int    argc,
               char **argv)
{
  g_autofree char *chart_spec = NULL;
  g_autofree char *memory = NULL;
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *size = NULL;
  double scale = 1.0;
  gboolean dark = FALSE;
  g_autofree char *folded = NULL;
  gboolean flame = FALSE;
  gboolean icicle = FALSE;
  g_autofree char *event = NULL;
  const GOptionEntry entries[] = {
    { "chart", 'c', 0, G_OPTION_ARG_STRING, &chart_spec,
      N_("Chart id, several ids separated by commas, “all” (the default) or “list”"), N_("ID") },
    { "memory", 'm', 0, G_OPTION_ARG_STRING, &memory,
      N_("The Memory page's scatter instead: “line” (the hottest cacheline), “all” (every access) or an address"),
      N_("WHICH") },
    { "folded", 0, 0, G_OPTION_ARG_FILENAME, &folded,
      N_("Write the call stacks as folded stacks (stackcollapse-perf.pl's format, “-”: standard output) instead"),
      N_("OUT") },
    { "flame-graph", 0, 0, G_OPTION_ARG_NONE, &flame, N_("Draw the flame graph of the call stacks instead"), NULL },
    { "icicle", 0, 0, G_OPTION_ARG_NONE, &icicle,
      N_("With --flame-graph: the bottom-up tree, sampled functions on top, callers hanging below"), NULL },
    { "event", 'e', 0, G_OPTION_ARG_STRING, &event,
      N_("With --folded or --flame-graph: the event (default: the one with the most samples)"), N_("NAME") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png, N_("Write a PNG image"), N_("OUT") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg, N_("Write an SVG image"), N_("OUT") },
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &pdf, N_("Write a PDF document"), N_("OUT") },
    { "size", 's', 0, G_OPTION_ARG_STRING, &size,
      N_("Size in pixels (points for PDF); default 800x450 for one chart, 1600x900 for several"), N_("WxH") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("Pixels per unit of --size, for PNG (e.g. 2 for HiDPI)"), N_("N") },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, N_("Use the dark theme"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) chosen = NULL;
  g_autofree char *hidden_line = NULL;
  GPtrArray *all;
  CsExportFormat format;
  CsChartStyle style;
  const char *out;
  double width, height;
  guint n_outputs;
  gboolean ok;

  if (!cs_cli_parse_options (VERB, _("BUNDLE|FILE.data — export charts as PNG, SVG or PDF"),
                             _("Draws the charts of a recorded session or a perf.data file, as the viewer's overview shows them, without a display; "
                               "with --memory the Memory page's scatter, with --flame-graph the Call Graph page's flame graph; "
                               "with --folded writes the call stacks as folded stacks.\n"
                               "Example: cyclescope export run.cyclescope --chart all --png charts.png --size 1600x900 --scale 2"),
                             entries, FALSE, &argc, &argv))
    return 2;
  if (argc != 2)
    {
      cs_cli_error (VERB, "%s", _("Give exactly one session bundle (NAME.cyclescope) or perf.data file to export from."));
      return 2;
    }
  if ((memory != NULL) + (chart_spec != NULL) + (folded != NULL) + flame > 1)
    {
      cs_cli_error (VERB, "%s", _("Give one of --chart, --memory, --folded or --flame-graph."));
      return 2;
    }
  if (folded != NULL)
    {
      if (png != NULL || svg != NULL || pdf != NULL)
        {
          cs_cli_error (VERB, "%s", _("--folded writes text: give no --png, --svg or --pdf with it."));
          return 2;
        }
      if (!(analysis = cs_cli_load_analysis (argv[1], &error)) ||
          !cs_export_folded (analysis, event, folded, &error))
        {
          cs_cli_error (VERB, "%s", error->message);
          return 1;
        }
      return 0;
    }
  if (chart_spec == NULL)
    chart_spec = g_strdup (memory != NULL ? "memory" : flame ? "flame" : "all");

  n_outputs = (png != NULL) + (svg != NULL) + (pdf != NULL);
  if (strcmp (chart_spec, "list") != 0 && n_outputs != 1)
    {
      cs_cli_error (VERB, "%s", _("Give exactly one of --png OUT, --svg OUT or --pdf OUT."));
      return 2;
    }
  format = png != NULL ? CS_EXPORT_PNG : svg != NULL ? CS_EXPORT_SVG : CS_EXPORT_PDF;
  out = png != NULL ? png : svg != NULL ? svg : pdf;
  if (!(scale > 0 && scale <= 16))
    {
      cs_cli_error (VERB, _("The scale %g is out of range: use a number above 0 and at most 16."), scale);
      return 2;
    }

  analysis = cs_cli_load_analysis (argv[1], &error);
  if (analysis == NULL)
    {
      cs_cli_error (VERB, "%s", error->message);
      return 1;
    }
  if (memory != NULL || flame)
    return export_view (analysis, flame, flame ? event : memory, icicle, size, dark, format, scale, out);

  all = cs_analysis_get_charts (analysis);
  hidden_line = cs_analysis_describe_hidden_charts (analysis);
  if (strcmp (chart_spec, "list") == 0)
    {
      list_charts (all);
      /* Not a chart id: scripts read the list from standard output. */
      if (hidden_line != NULL)
        g_printerr ("%s\n", hidden_line);
      return 0;
    }

  chosen = select_charts (all, cs_analysis_get_hidden_charts (analysis), chart_spec, &error);
  if (chosen == NULL)
    {
      cs_cli_error (VERB, "%s", error->message);
      return 1;
    }
  if (chosen->len == 0)
    {
      if (hidden_line != NULL)
        cs_cli_error (VERB, "%s", hidden_line);
      else
        cs_cli_error (VERB, _("The model “%s” defines no charts."),
                      cs_model_get_id (cs_analysis_get_model (analysis)));
      return 1;
    }

  if (!read_size (size, chosen->len == 1 ? DEFAULT_CHART_SIZE : DEFAULT_GRID_SIZE, &width, &height))
    return 2;

  cs_chart_style_init (&style, dark ? CS_THEME_DARK : CS_THEME_LIGHT);
  ok = cs_export (chosen->len == 1 ? cs_chart_drawing (g_ptr_array_index (chosen, 0))
                                   : cs_chart_grid_drawing (chosen),
                  &style, format, width, height, scale, out, &error);
  if (!ok)
    {
      cs_cli_error (VERB, "%s", error->message);
      return 1;
    }
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-diff.c — `cyclescope diff BASE NEW [--sort KEYS] [--format
 * text|json|csv] [--children] [--event E] [--limit N]`
 *
 * Two recordings (bundles or perf.data files) side by side: run facts,
 * every model metric, and the module, function and region tables matched
 * by name, each change with its verdict (data/compare, docs/compare.md).
 * Options, loading and sorting here; the renderers print.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-cli.h"
#include "cs-cli-load.h"
#include "cs-cli-util.h"
#include "cs-diff-report.h"
#include "cs-report-counts.h"

typedef enum
{
  SORT_DELTA,  /* |Δ points|, largest first */
  SORT_NEW,    /* the new share, largest first */
  SORT_BASE,   /* the base share, largest first */
  SORT_NAME,   /* module, then name */
} SortKey;

#define MAX_SORT_KEYS 4

static SortKey sort_keys[MAX_SORT_KEYS];
static guint n_sort_keys;

const char *
cs_diff_change_id (CsChange change)
{
  static const char * const ids[] = {
    "within-noise", "grew", "shrank", "no-spread", "base-only", "new-only",
  };

  return (guint) change < G_N_ELEMENTS (ids) ? ids[change] : "";
}

char *
cs_diff_command (CsAnalysis *analysis)
{
  const char * const *argv = cs_session_get_argv (cs_analysis_get_session (analysis));

  return argv != NULL ? g_strjoinv (" ", (char **) argv) : g_strdup ("");
}

guint
cs_diff_n_runs (CsAnalysis *analysis)
{
  CsSession *session = cs_analysis_get_session (analysis);

  return cs_session_get_n_runs (session) + cs_session_get_n_sampling_runs (session);
}

const char *
cs_diff_model_id (CsAnalysis *analysis)
{
  CsModel *model = cs_analysis_get_model (analysis);

  return model != NULL ? cs_model_get_id (model) : NULL;
}

static gboolean
parse_sort (const char  *text,
            GError     **error)
{
  g_auto(GStrv) keys = g_strsplit (text, ",", -1);

  n_sort_keys = 0;
  for (guint i = 0; keys[i] != NULL; i++)
    {
      const char *key = g_strstrip (keys[i]);
      SortKey k;

      if (g_str_equal (key, "delta"))
        k = SORT_DELTA;
      else if (g_str_equal (key, "new"))
        k = SORT_NEW;
      else if (g_str_equal (key, "base"))
        k = SORT_BASE;
      else if (g_str_equal (key, "name"))
        k = SORT_NAME;
      else
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("unknown sort key “%s”: use delta, new, base or name"), key);
          return FALSE;
        }
      if (n_sort_keys < MAX_SORT_KEYS)
        sort_keys[n_sort_keys++] = k;
    }
  if (n_sort_keys == 0)
    sort_keys[n_sort_keys++] = SORT_DELTA;
  return TRUE;
}

static int
by_number (double a,
           double b)
{
  return a > b ? -1 : a < b ? 1 : 0;
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const CsRowDelta *ra = a, *rb = b;
  int c = 0;

  for (guint i = 0; i < n_sort_keys && c == 0; i++)
    switch (sort_keys[i])
      {
      case SORT_DELTA:
        c = by_number (fabs (ra->delta_points), fabs (rb->delta_points));
        break;
      case SORT_NEW:
        c = by_number (ra->new_share, rb->new_share);
        break;
      case SORT_BASE:
        c = by_number (ra->base_share, rb->base_share);
        break;
      case SORT_NAME:
      default:
        c = g_strcmp0 (ra->module, rb->module);
        if (c == 0)
          c = g_strcmp0 (ra->name, rb->name);
        break;
      }
  /* The same order on every run whatever the keys. */
  if (c == 0)
    c = g_strcmp0 (ra->module, rb->module);
  return c != 0 ? c : g_strcmp0 (ra->name, rb->name);
}

static void
table_init (CsDiffTable *table,
            const char  *title,
            const char  *id,
            gboolean     functions,
            GArray      *rows,
            guint        limit)
{
  table->title = title;
  table->id = id;
  table->functions = functions;
  table->rows = rows;
  table->n_rows = rows->len;
  g_array_sort (rows, compare_rows);
  if (limit > 0 && rows->len > limit)
    g_array_set_size (rows, limit);
}

static void
report_clear (CsDiffReport *report)
{
  for (guint i = 0; i < G_N_ELEMENTS (report->tables); i++)
    g_clear_pointer (&report->tables[i].rows, g_array_unref);
}

static CsAnalysis *
load_side (const char  *path,
           const char  *which,
           GError     **error)
{
  CsAnalysis *analysis = cs_cli_load_analysis (path, error);

  if (analysis == NULL)
    /* TRANSLATORS: "base: " or "new: " before why the file could not be read */
    g_prefix_error (error, _("%s: "), which);
  return analysis;
}

int
cs_cli_diff (int    argc,
             char **argv)
{
  g_autofree char *format_text = NULL;
  g_autofree char *sort_text = NULL;
  g_autofree char *event = NULL;
  gboolean children = FALSE;
  int limit = 20;
  g_auto(GStrv) files = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format_text,
      N_("Output format: text (default), json or csv"), N_("FORMAT") },
    { "sort", 's', 0, G_OPTION_ARG_STRING, &sort_text,
      N_("Order of the table rows: delta (size of the change in points, the default), new, base "
         "or name, several separated by commas"), N_("KEYS") },
    { "event", 'e', 0, G_OPTION_ARG_STRING, &event,
      N_("Compare the samples of this event (default: the new recording's main event)"), N_("NAME") },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit,
      N_("Rows per table (default 20, 0: all)"), N_("N") },
    { "children", 0, 0, G_OPTION_ARG_NONE, &children,
      N_("With call chains: compare functions by total share (samples with the function anywhere "
         "on their stack) instead of self share"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) base = NULL;
  g_autoptr(CsAnalysis) new_analysis = NULL;
  g_autoptr(CsComparison) comparison = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  CsReportFormat format = CS_REPORT_FORMAT_TEXT;
  CsDiffReport report = { 0 };
  GArray *functions;

  if (!cs_cli_parse_options ("diff", _("BASE NEW — compare two recordings"),
                             _("Compares two sessions or perf.data files, a base and a new one: their run facts, "
                               "every metric of the model, and the module, function and region tables with each "
                               "side's share of the samples, the change in points and in estimated time. Rows are "
                               "matched by name, so two builds of the same source match. Each change gets a "
                               "verdict: whether it exceeds the run-to-run spread of the repeated cycles count "
                               "and the sampling error (docs/compare.md)."),
                             entries, FALSE, &argc, &argv))
    return 1;
  if (format_text != NULL && !cs_report_format_from_string (format_text, &format))
    {
      cs_cli_error ("diff", _("unknown format “%s”: use text, json or csv"), format_text);
      return 1;
    }
  if (!parse_sort (sort_text != NULL ? sort_text : "delta", &error))
    {
      cs_cli_error ("diff", "%s", error->message);
      return 1;
    }
  if (limit < 0)
    {
      cs_cli_error ("diff", _("--limit must be 0 (all rows) or a number of rows, not %d"), limit);
      return 1;
    }
  if (files == NULL || files[0] == NULL || files[1] == NULL || files[2] != NULL)
    {
      cs_cli_error ("diff", "%s", _("give two recordings. Usage: cyclescope diff BASE NEW"));
      return 1;
    }

  if (!(base = load_side (files[0], _("base"), &error)) ||
      !(new_analysis = load_side (files[1], _("new"), &error)) ||
      !(comparison = cs_comparison_new_for_event (base, new_analysis, event, &error)))
    {
      cs_cli_error ("diff", "%s", error->message);
      return 1;
    }

  if (children)
    {
      functions = cs_comparison_dup_total_rows (comparison, NULL, &error);
      if (functions == NULL)
        {
          cs_cli_error ("diff", "%s", error->message);
          return 1;
        }
    }
  else
    functions = cs_comparison_dup_rows (comparison, CS_COMPARE_FUNCTIONS);

  report.comparison = comparison;
  report.children = children;
  table_init (&report.tables[0], _("Modules"), "modules", FALSE,
              cs_comparison_dup_rows (comparison, CS_COMPARE_MODULES), (guint) limit);
  table_init (&report.tables[1], children ? _("Functions (total)") : _("Functions"), "functions", TRUE,
              functions, (guint) limit);
  table_init (&report.tables[2], _("Regions"), "regions", FALSE,
              cs_comparison_dup_rows (comparison, CS_COMPARE_REGIONS), (guint) limit);

  switch (format)
    {
    case CS_REPORT_FORMAT_JSON:
      cs_diff_render_json (&report, out);
      break;
    case CS_REPORT_FORMAT_CSV:
      cs_diff_render_csv (&report, out);
      break;
    case CS_REPORT_FORMAT_TEXT:
    default:
      cs_diff_render_text (&report, out);
      break;
    }
  report_clear (&report);
  return cs_cli_print_output (out, format == CS_REPORT_FORMAT_JSON) ? 0 : 1;
}

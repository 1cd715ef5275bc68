/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-children.c — `cyclescope report --children`
 *
 * perf report --children's table for every sort key: Children (the cost of
 * the samples with the row anywhere on their stack, once per stack) and
 * Self, largest Children first, as text, JSON and CSV. An inlined function
 * is a row of its own marked "(inlined)", as perf marks it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-call-children.h"
#include "cs-cli-util.h"
#include "cs-report-samples-private.h"

static CsChildrenKey
children_key (CsReportSort sort)
{
  switch (sort)
    {
    case CS_REPORT_SORT_DSO:
      return CS_CHILDREN_BY_MODULE;
    case CS_REPORT_SORT_SRCLINE:
      return CS_CHILDREN_BY_LINE;
    case CS_REPORT_SORT_SYM:
    case CS_REPORT_SORT_DSO_SYM:
    default:
      return CS_CHILDREN_BY_FUNCTION;
    }
}

static GArray *
rows_for (CsAnalysis                  *analysis,
          const CsProfileEvent        *e,
          const CsReportSampleOptions *options)
{
  g_autoptr(GError) error = NULL;
  GArray *rows = cs_profile_dup_children_table (cs_analysis_get_profile (analysis),
                                                children_key (options->sort), e->index,
                                                options->limit, NULL, &error);

  /* (fails only when cancelled, which a report never is) */
  return rows != NULL ? rows : g_array_new (FALSE, TRUE, sizeof (CsChildrenRow));
}

/* "[.] name", "[k] name (inlined)" */
static char *
function_text (const CsCallFunction *f)
{
  return g_strdup_printf ("%s %s%s", f->kernel ? "[k]" : "[.]", f->name, f->inlined ? " (inlined)" : "");
}

static char *
line_text (const CsChildrenRow *r)
{
  if (r->file == NULL)
    return g_strdup_printf ("??:0  (%s)", r->symbol->display_name);
  return g_strdup_printf ("%s:%u", r->file, r->line);
}

void
_cs_report_children_text (CsAnalysis                  *analysis,
                          const CsProfileEvent        *e,
                          const CsReportSampleOptions *options,
                          GString                     *out)
{
  g_autoptr(GArray) rows = rows_for (analysis, e, options);
  gboolean with_dso = options->sort == CS_REPORT_SORT_DSO_SYM;
  guint width = strlen (_("Shared Object"));

  for (guint i = 0; with_dso && i < rows->len; i++)
    width = MAX (width, g_utf8_strlen (g_array_index (rows, CsChildrenRow, i).module->name, -1));
  g_string_append_printf (out, "# %9s %9s %12s  ", _("Children"), _("Self"), _("Samples"));
  if (with_dso)
    {
      cs_cli_append_padded (out, _("Shared Object"), width);
      g_string_append_c (out, ' ');
    }
  switch (options->sort)
    {
    case CS_REPORT_SORT_DSO:
      g_string_append_printf (out, "%s\n", _("Shared Object"));
      break;
    case CS_REPORT_SORT_SRCLINE:
      g_string_append_printf (out, "%s\n", _("Source line"));
      break;
    default:
      g_string_append_printf (out, "%s\n", _("Symbol"));
      break;
    }

  for (guint i = 0; i < rows->len; i++)
    {
      const CsChildrenRow *r = &g_array_index (rows, CsChildrenRow, i);
      g_autofree char *text = NULL;
      g_autofree char *n = cs_cli_grouped (r->self_samples);

      g_string_append_printf (out, "  %8.2f%% %8.2f%% %12s  ", r->children_percent, r->self_percent, n);
      if (with_dso)
        {
          cs_cli_append_padded (out, r->module->name, width);
          g_string_append_c (out, ' ');
        }
      if (options->sort == CS_REPORT_SORT_DSO)
        text = g_strdup (r->module->name);
      else if (options->sort == CS_REPORT_SORT_SRCLINE)
        text = line_text (r);
      else
        text = function_text (r->function);
      g_string_append_printf (out, "%s\n", text);
    }
}

json_object *
_cs_report_children_json (CsAnalysis                  *analysis,
                          const CsProfileEvent        *e,
                          const CsReportSampleOptions *options)
{
  g_autoptr(GArray) rows = rows_for (analysis, e, options);
  json_object *array = json_object_new_array ();

  for (guint i = 0; i < rows->len; i++)
    {
      const CsChildrenRow *r = &g_array_index (rows, CsChildrenRow, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "children_percent", json_object_new_double (r->children_percent));
      json_object_object_add (o, "children_period", json_object_new_int64 ((gint64) r->children));
      json_object_object_add (o, "percent", json_object_new_double (r->self_percent));
      json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->self));
      json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->self_samples));
      json_object_object_add (o, "children_samples", json_object_new_int64 ((gint64) r->children_samples));
      json_object_object_add (o, "dso", json_object_new_string (r->module->name));
      if (options->sort == CS_REPORT_SORT_SRCLINE)
        {
          g_autofree char *srcline = r->file != NULL ? g_strdup_printf ("%s:%u", r->file, r->line) : g_strdup ("??:0");

          json_object_object_add (o, "srcline", json_object_new_string (srcline));
          json_object_object_add (o, "file", cs_cli_json_string (r->file));
          json_object_object_add (o, "line", r->file != NULL ? json_object_new_int ((int) r->line) : NULL);
          json_object_object_add (o, "symbol", json_object_new_string (r->symbol->display_name));
        }
      else if (options->sort != CS_REPORT_SORT_DSO)
        {
          const CsSymbol *sym = r->function->symbol->symbol;

          json_object_object_add (o, "symbol", json_object_new_string (r->function->name));
          json_object_object_add (o, "inlined", json_object_new_boolean (r->function->inlined));
          json_object_object_add (o, "kernel", json_object_new_boolean (r->function->kernel));
          /* the emitted function's, for an inlined one the function it is in */
          json_object_object_add (o, "emitted_in", json_object_new_string (r->function->symbol->display_name));
          json_object_object_add (o, "signature", cs_cli_json_string (r->function->inlined ? NULL : sym->signature));
          json_object_object_add (o, "unknown", json_object_new_boolean (sym->unknown));
        }
      json_object_array_add (array, o);
    }
  return array;
}

void
_cs_report_children_csv_header (const CsReportSampleOptions *options,
                                GString                     *out)
{
  static const char * const head[] = { "event", "children_percent", "self_percent", "children_period",
                                       "self_period", "dso" };

  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    cs_cli_csv_field (out, head[i], FALSE);
  if (options->sort == CS_REPORT_SORT_SRCLINE)
    {
      cs_cli_csv_field (out, "srcline", FALSE);
      cs_cli_csv_field (out, "symbol", FALSE);
    }
  else if (options->sort != CS_REPORT_SORT_DSO)
    {
      cs_cli_csv_field (out, "symbol", FALSE);
      cs_cli_csv_field (out, "inlined", FALSE);
    }
  /* (last, so that the columns before keep their places) */
  cs_cli_csv_field (out, "samples", FALSE);
  cs_cli_csv_field (out, "children_samples", TRUE);
}

void
_cs_report_children_csv (CsAnalysis                  *analysis,
                         const CsProfileEvent        *e,
                         const CsReportSampleOptions *options,
                         GString                     *out)
{
  g_autoptr(GArray) rows = rows_for (analysis, e, options);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < rows->len; i++)
    {
      const CsChildrenRow *r = &g_array_index (rows, CsChildrenRow, i);
      g_autofree char *children = g_strdup_printf ("%" G_GUINT64_FORMAT, r->children);
      g_autofree char *self = g_strdup_printf ("%" G_GUINT64_FORMAT, r->self);

      cs_cli_csv_field (out, e->name, FALSE);
      cs_cli_csv_field (out, g_ascii_dtostr (buf, sizeof buf, r->children_percent), FALSE);
      cs_cli_csv_field (out, g_ascii_dtostr (buf, sizeof buf, r->self_percent), FALSE);
      cs_cli_csv_field (out, children, FALSE);
      cs_cli_csv_field (out, self, FALSE);
      cs_cli_csv_field (out, r->module->name, FALSE);
      if (options->sort == CS_REPORT_SORT_SRCLINE)
        {
          g_autofree char *srcline = r->file != NULL ? g_strdup_printf ("%s:%u", r->file, r->line) : g_strdup ("??:0");

          cs_cli_csv_field (out, srcline, FALSE);
          cs_cli_csv_field (out, r->symbol->display_name, FALSE);
        }
      else if (options->sort != CS_REPORT_SORT_DSO)
        {
          cs_cli_csv_field (out, r->function->name, FALSE);
          cs_cli_csv_field (out, r->function->inlined ? "1" : "0", FALSE);
        }
      {
        g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, r->self_samples);
        g_autofree char *cn = g_strdup_printf ("%" G_GUINT64_FORMAT, r->children_samples);

        cs_cli_csv_field (out, n, FALSE);
        cs_cli_csv_field (out, cn, TRUE);
      }
    }
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-models.c — `cyclescope models`: the cycle-accounting models
 *
 * Without an argument, lists every model the registry found (bundled, the
 * user's, $CYCLESCOPE_MODEL_PATH) and the files that failed to load, so that
 * a model author sees the error instead of a silently missing model. With a
 * model id, or the path of a model file, prints the whole model.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "cs-cli.h"
#include "cs-cli-util.h"
#include "cs-evaluation.h"
#include "cs-model-registry.h"

#define VERB "models"
#define WIDTH 78

/* Prints @text wrapped at WIDTH columns, every line indented by @indent. */
static void
print_wrapped (const char *text,
               guint       indent)
{
  g_auto(GStrv) words = NULL;
  guint column = 0;

  if (text == NULL || *text == '\0')
    return;
  words = g_strsplit_set (text, " \n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint len = g_utf8_strlen (words[i], -1);

      if (*words[i] == '\0')
        continue;
      if (column > 0 && column + 1 + len > WIDTH)
        {
          g_print ("\n");
          column = 0;
        }
      if (column == 0)
        {
          g_print ("%*s%s", (int) indent, "", words[i]);
          column = indent + len;
        }
      else
        {
          g_print (" %s", words[i]);
          column += 1 + len;
        }
    }
  g_print ("\n");
}

static void
print_labelled (const char *label,
                const char *text)
{
  g_autofree char *line = g_strdup_printf ("%s %s", label, text);

  print_wrapped (line, 6);
}

static char *
join_pmus (CsModel *model)
{
  return g_strjoinv (", ", (char **) cs_model_get_pmus (model));
}

static int
list_models (CsModelRegistry *registry)
{
  g_autoptr(GPtrArray) models = cs_model_registry_list (registry);
  const char * const *errors = cs_model_registry_get_errors (registry);

  if (models->len == 0)
    g_print ("%s\n", _("No models found."));
  else
    /* TRANSLATORS: column headings of `cyclescope models`; keep the widths */
    g_print ("%-22s %-26s %6s %7s %6s  %s\n", _("ID"), _("PMUS"), _("EVENTS"), _("METRICS"),
             _("CHARTS"), _("NAME"));

  for (guint i = 0; i < models->len; i++)
    {
      CsModel *model = g_ptr_array_index (models, i);
      g_autofree char *pmus = join_pmus (model);

      g_print ("%-22s %-26s %6u %7u %6u  %s\n", cs_model_get_id (model), pmus,
               cs_model_get_n_events (model), cs_model_get_n_metrics (model),
               cs_model_get_n_charts (model), cs_model_get_name (model));
    }

  if (errors != NULL && errors[0] != NULL)
    {
      g_print ("\n%s\n", _("Model files that could not be loaded (fix them or remove them):"));
      for (guint i = 0; errors[i] != NULL; i++)
        g_print ("  %s\n", errors[i]);
    }
  g_print ("\n%s\n", _("Run “cyclescope models ID” to see a model’s events, formulas and charts."));
  return EXIT_SUCCESS;
}

static void
print_events (CsModel *model)
{
  g_print ("\n%s\n", _("Events (alias = libpfm4 event string):"));
  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *e = cs_model_get_event (model, i);

      g_print ("  %s = %s\n", e->alias, e->event);
      if (e->alternatives != NULL && e->alternatives[0] != NULL)
        {
          g_autofree char *alts = g_strjoinv (", ", e->alternatives);
          g_print ("      %s %s\n", _("alternatives:"), alts);
        }
      if (e->constraint != NULL)
        g_print ("      %s %s\n", _("constraint:"), e->constraint);
      if (e->pmus != NULL)
        {
          g_autofree char *pmus = g_strjoinv (", ", e->pmus);
          g_print ("      %s %s\n", _("only on:"), pmus);
        }
      if (e->sample_period != NULL)
        g_print ("      %s %s\n", _("sample period:"), e->sample_period);
      print_wrapped (e->description, 6);
    }
}

static void
print_constants (CsModel *model)
{
  if (cs_model_get_n_constants (model) == 0)
    return;
  g_print ("\n%s\n", _("Constants:"));
  for (guint i = 0; i < cs_model_get_n_constants (model); i++)
    {
      const CsModelConstant *c = cs_model_get_constant (model, i);

      g_print ("  %s = %g\n", c->name, c->value);
      print_wrapped (c->description, 6);
    }
}

static void
print_metrics (CsModel *model)
{
  g_print ("\n%s\n", _("Metrics (name [unit] = formula):"));
  for (guint i = 0; i < cs_model_get_n_metrics (model); i++)
    {
      const CsModelMetric *m = cs_model_get_metric (model, i);

      g_print ("  %s [%s] = %s\n", m->name, *m->unit ? m->unit : "-", m->formula);
      /* TRANSLATORS: "“CPI”, level 1, group basic" */
      if (m->group != NULL)
        g_print (_("      “%s”, level %d, group %s\n"), m->title, m->level, m->group);
      else
        g_print (_("      “%s”, level %d\n"), m->title, m->level);
      print_wrapped (m->description, 6);
    }
}

static void
print_charts (CsModel *model)
{
  const char * const *columns = cs_model_get_table_columns (model);

  g_print ("\n%s\n", _("Charts:"));
  for (guint i = 0; i < cs_model_get_n_charts (model); i++)
    {
      const CsModelChart *c = cs_model_get_chart (model, i);

      if (c->kind == CS_CHART_BAR)
        {
          g_autofree char *parts = g_strjoinv (" + ", c->parts);

          /* TRANSLATORS: "BAR cycle-decomposition “Cycle Decomposition”: A + B + C" */
          g_print (_("  BAR %s “%s”: %s\n"), c->id, c->title, parts);
        }
      else
        {
          /* TRANSLATORS: "REF cpi “CPI”: CPI, scale from 0, medium from 1, high from 2" */
          g_print (_("  REF %s “%s”: %s, scale from %g, medium from %g, high from %g%s\n"),
                   c->id, c->title, c->metric, c->low, c->medium, c->high,
                   c->higher_is_better ? _(" (higher is better)") : "");
          print_labelled (_("low:"), c->sentence_low);
          print_labelled (_("medium:"), c->sentence_medium);
          print_labelled (_("high:"), c->sentence_high);
        }
      print_wrapped (c->description, 6);
    }

  if (columns[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv (", ", (char **) columns);

      g_print ("\n%s\n", _("Module table columns:"));
      print_wrapped (joined, 2);
    }
}

static void
print_model (CsModel *model)
{
  g_autofree char *pmus = join_pmus (model);

  g_print ("%s — %s\n", cs_model_get_id (model), cs_model_get_name (model));
  g_print ("%s %s\n", _("File:"), cs_model_get_filename (model));
  g_print ("%s %s\n", _("PMUs:"), pmus);
  g_print ("%s %s\n", _("Cycles event:"), cs_model_get_cycles_alias (model));
  if (cs_model_get_sample_alias (model) != NULL)
    g_print ("%s %s\n", _("Sampled event:"), cs_model_get_sample_alias (model));
  if (cs_model_get_source (model) != NULL)
    {
      g_print ("%s\n", _("Source:"));
      print_wrapped (cs_model_get_source (model), 2);
    }
  if (cs_model_get_description (model) != NULL)
    {
      g_print ("\n");
      print_wrapped (cs_model_get_description (model), 0);
    }
  print_events (model);
  print_constants (model);
  print_metrics (model);
  print_charts (model);
}

static int
show_model (CsModelRegistry *registry,
            const char      *id)
{
  g_autoptr(CsModel) from_file = NULL;
  CsModel *model;

  /* A path shows (and so checks) a model file that is not installed. */
  if (g_str_has_suffix (id, ".json") || strchr (id, '/') != NULL)
    {
      g_autoptr(GError) error = NULL;

      from_file = cs_model_new_from_file (id, &error);
      if (from_file == NULL)
        {
          cs_cli_error (VERB, "%s", error->message);
          return EXIT_FAILURE;
        }
      model = from_file;
    }
  else
    model = cs_model_registry_lookup (registry, id);

  if (model == NULL)
    {
      g_autoptr(GPtrArray) models = cs_model_registry_list (registry);
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < models->len; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "",
                                cs_model_get_id (g_ptr_array_index (models, i)));
      cs_cli_error (VERB, _("unknown model “%s” (known: %s)"), id, known->str);
      return EXIT_FAILURE;
    }

  print_model (model);
  return EXIT_SUCCESS;
}

int
cs_cli_models (int    argc,
               char **argv)
{
  g_autofree char *user_dir = g_build_filename (g_get_user_data_dir (), "cyclescope", "models", NULL);
  g_autofree char *summary = NULL;
  const GOptionEntry entries[] = {
    { NULL }
  };

  summary = g_strdup_printf (_("Without an argument, lists the models found in the installed "
                               "models, in %s and in the directories of $CYCLESCOPE_MODEL_PATH, "
                               "and the model files that failed to load. With a model ID or the "
                               "path of a model file, prints its events, constants, formulas and "
                               "charts (docs/models.md describes the format)."), user_dir);
  if (!cs_cli_parse_options (VERB, _("[ID|FILE.json] — list the cycle-accounting models"), summary,
                             entries, FALSE, &argc, &argv))
    return EXIT_FAILURE;
  if (argc > 2)
    {
      cs_cli_error (VERB, _("give at most one model ID (got %d)"), argc - 1);
      return EXIT_FAILURE;
    }

  if (argc == 2)
    return show_model (cs_model_registry_get_default (), argv[1]);
  return list_models (cs_model_registry_get_default ());
}

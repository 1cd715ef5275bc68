/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cli-events.c — `cyclescope events`: what the PMU can count, and run plans
 *
 * Lists the events libpfm4 knows for the host PMU (or any PMU with --pmu),
 * with their unit masks and descriptions, and says plainly when this host has
 * no usable hardware counters. `--plan MODEL` prints how `record` would split
 * a model's events into runs on this PMU.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs-cli.h"
#include "cs-cli-util.h"
#include "cs-model-registry.h"
#include "cs-pfm.h"
#include "cs-planner.h"

#define VERB "events"

static void
print_host (void)
{
  const CsPmuInfo *host = cs_pfm_get_host_pmu ();
  g_autofree char *reason = NULL;
  gboolean usable = cs_pfm_hardware_usable (&reason);

  if (host != NULL)
    {
      /* TRANSLATORS: "Host PMU: core (Intel Core), 2 general-purpose + 3 fixed counters, 133 events" */
      g_print (_("Host PMU: %s (%s), %u general-purpose + %u fixed counters, %u events"),
               host->name, host->description, host->n_generic, host->n_fixed, host->n_events);
      if (host->forced)
        g_print ("%s", _(" — forced by LIBPFM_FORCE_PMU"));
      g_print ("\n");
    }
  else
    g_print ("%s\n", _("Host PMU: none known to libpfm4"));

  if (!usable)
    g_print (_("Hardware counting is not available here: %s\n"), reason);
}

static void
print_event (const CsEventInfo *event,
             gboolean           longer)
{
  guint width = 0;

  if (longer)
    g_print ("\n%s::%s  (code 0x%" G_GINT64_MODIFIER "x)\n    %s\n",
             event->pmu, event->name, event->code, event->description);
  else if (g_strcmp0 (event->name, event->description) == 0)
    g_print ("\n%s\n", event->name);
  else
    g_print ("\n%s  %s\n", event->name, event->description);

  for (guint i = 0; i < event->attrs->len; i++)
    {
      CsEventAttrInfo *attr = g_ptr_array_index (event->attrs, i);
      width = MAX (width, (guint) g_utf8_strlen (attr->name, -1));
    }

  for (guint pass = 0; pass < (longer ? 2u : 1u); pass++)
    {
      gboolean modifiers = pass == 1;
      gboolean heading = FALSE;

      for (guint i = 0; i < event->attrs->len; i++)
        {
          CsEventAttrInfo *attr = g_ptr_array_index (event->attrs, i);

          if (attr->is_modifier != modifiers)
            continue;
          if (longer && !heading)
            {
              g_print ("  %s\n", modifiers ? _("Modifiers:") : _("Unit masks:"));
              heading = TRUE;
            }
          g_print ("    :%-*s  %s%s\n", (int) width, attr->name, attr->description,
                   attr->is_default ? _(" [default]") : "");
        }
    }
}

static int
list_events (const char *pmu,
             const char *pattern,
             gboolean    longer)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = NULL;
  const CsPmuInfo *host = cs_pfm_get_host_pmu ();

  events = cs_pfm_list_events (pmu, pattern, &error);
  if (events == NULL)
    {
      cs_cli_error (VERB, "%s", error->message);
      return EXIT_FAILURE;
    }
  if (events->len == 0 && pattern != NULL)
    {
      g_auto(GStrv) close = cs_pfm_suggest (pattern, 3);

      if (close != NULL && close[0] != NULL)
        {
          g_autofree char *joined = g_strjoinv (", ", close);
          cs_cli_error (VERB, _("no event matches “%s”; close names: %s"), pattern, joined);
        }
      else
        cs_cli_error (VERB, _("no event matches “%s”"), pattern);
      return EXIT_FAILURE;
    }

  print_host ();
  if (pmu != NULL)
    {
      g_autoptr(CsPmuInfo) info = cs_pfm_find_pmu (pmu);

      if (info != NULL)
        g_print (_("\nEvents of PMU %s (%s), %u general-purpose + %u fixed counters:\n"),
                 info->name, info->description, info->n_generic, info->n_fixed);
      if (host == NULL || info == NULL || g_ascii_strcasecmp (host->name, info->name) != 0)
        g_print ("%s\n", _("(listed from libpfm4's tables; they encode only on that PMU or with LIBPFM_FORCE_PMU)"));
    }
  else if (host != NULL)
    g_print (_("\nEvents of PMU %s:\n"), host->name);
  else
    g_print ("%s\n", _("\nEvents of perf's generic PMU (what the kernel offers without a known hardware PMU):"));

  for (guint i = 0; i < events->len; i++)
    print_event (g_ptr_array_index (events, i), longer);
  return EXIT_SUCCESS;
}

static int
print_plan (const char *model_id,
            const char *mode_text,
            int         repeat)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPlan) plan = NULL;
  g_autoptr(CsModel) from_file = NULL;
  g_autofree char *text = NULL;
  CsModel *model;
  CsPlanMode mode = CS_PLAN_MODE_RUNS;

  if (mode_text != NULL && !cs_plan_mode_from_string (mode_text, &mode, &error))
    {
      cs_cli_error (VERB, "%s", error->message);
      return EXIT_FAILURE;
    }
  if (repeat < 1)
    {
      cs_cli_error (VERB, _("--repeat must be at least 1 (got %d)"), repeat);
      return EXIT_FAILURE;
    }

  /* A path plans a model file that is not installed (yet). */
  if (g_str_has_suffix (model_id, ".json") || strchr (model_id, '/') != NULL)
    {
      from_file = cs_model_new_from_file (model_id, &error);
      if (from_file == NULL)
        {
          cs_cli_error (VERB, "%s", error->message);
          return EXIT_FAILURE;
        }
      model = from_file;
    }
  else
    model = cs_model_registry_lookup (cs_model_registry_get_default (), model_id);
  if (model == NULL)
    {
      cs_cli_error (VERB, _("unknown model “%s”: `cyclescope models` lists the models"), model_id);
      return EXIT_FAILURE;
    }

  if (!cs_pfm_init (&error))
    {
      cs_cli_error (VERB, "%s", error->message);
      return EXIT_FAILURE;
    }

  plan = cs_planner_plan_model (model, cs_pfm_get_host_pmu (), mode, (guint) repeat, &error);
  if (plan == NULL)
    {
      cs_cli_error (VERB, "%s", error->message);
      return EXIT_FAILURE;
    }
  text = cs_plan_format (plan);
  g_print ("%s", text);
  return EXIT_SUCCESS;
}

int
cs_cli_events (int    argc,
               char **argv)
{
  g_autofree char *pmu = NULL;
  g_autofree char *plan = NULL;
  g_autofree char *mode = NULL;
  gboolean longer = FALSE;
  int repeat = 1;
  const GOptionEntry entries[] = {
    { "pmu", 0, 0, G_OPTION_ARG_STRING, &pmu,
      N_("List the events of PMU NAME (e.g. core, nhm, skl, amd64_fam19h_zen4)"), N_("NAME") },
    { "long", 'l', 0, G_OPTION_ARG_NONE, &longer,
      N_("Also show event codes, modifiers and default unit masks"), NULL },
    { "plan", 0, 0, G_OPTION_ARG_STRING, &plan,
      N_("Print how the events of MODEL are split into runs on this PMU"), N_("MODEL") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode,
      N_("With --plan: “runs” (one run per group, default) or “multiplex”"), N_("MODE") },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat,
      N_("With --plan: count cycles in at least N runs (default 1)"), N_("N") },
    { NULL }
  };

  if (!cs_cli_parse_options (VERB, _("[PATTERN] — list the events libpfm4 knows"),
                             _("Prints the host PMU (or why there is none), then the events whose name contains "
                               "PATTERN, with their unit masks and descriptions. LIBPFM_FORCE_PMU=NAME makes "
                               "libpfm4 encode another PMU's events."),
                             entries, FALSE, &argc, &argv))
    return EXIT_FAILURE;
  if (argc > 2)
    {
      cs_cli_error (VERB, _("give at most one PATTERN (got %d)"), argc - 1);
      return EXIT_FAILURE;
    }

  if (plan != NULL)
    return print_plan (plan, mode, repeat);
  return list_events (pmu, argc == 2 ? argv[1] : NULL, longer);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-plan.c — the plan a counting session follows: ownership and printing */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-collector-error.h"
#include "cs-plan-private.h"

void
_cs_plan_event_free (CsPlanEvent *event)
{
  g_free (event->alias);
  g_free (event->event);
  g_free (event->fstr);
  g_free (event->constraint);
  g_free (event);
}

CsPlanEvent *
_cs_plan_event_copy (const CsPlanEvent *src)
{
  CsPlanEvent *copy = g_memdup2 (src, sizeof *src);

  copy->alias = g_strdup (src->alias);
  copy->event = g_strdup (src->event);
  copy->fstr = g_strdup (src->fstr);
  copy->constraint = g_strdup (src->constraint);
  return copy;
}

void
_cs_plan_group_free (CsPlanGroup *group)
{
  g_free (group->label);
  g_ptr_array_unref (group->events);
  g_free (group);
}

void
_cs_plan_run_free (CsPlanRun *run)
{
  g_array_unref (run->groups);
  g_free (run);
}

void
_cs_plan_dropped_free (CsPlanDropped *dropped)
{
  g_free (dropped->alias);
  g_free (dropped->event);
  g_free (dropped->reason);
  g_free (dropped);
}

void
cs_plan_free (CsPlan *plan)
{
  if (plan == NULL)
    return;
  g_free (plan->model);
  g_free (plan->pmu);
  g_free (plan->cycles_alias);
  g_ptr_array_unref (plan->groups);
  g_ptr_array_unref (plan->runs);
  g_ptr_array_unref (plan->dropped);
  g_ptr_array_unref (plan->notes);
  g_free (plan);
}

CsPlanGroup *
_cs_plan_group_new (void)
{
  CsPlanGroup *group = g_new0 (CsPlanGroup, 1);

  group->events = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_plan_event_free);
  return group;
}


guint
cs_plan_get_n_events (const CsPlan *plan)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < plan->groups->len; i++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, i);

      for (guint j = 0; j < group->events->len; j++)
        g_hash_table_add (seen, ((CsPlanEvent *) g_ptr_array_index (group->events, j))->alias);
    }
  return g_hash_table_size (seen);
}

gboolean
cs_plan_mode_from_string (const char  *text,
                          CsPlanMode  *mode,
                          GError     **error)
{
  if (g_strcmp0 (text, "runs") == 0)
    *mode = CS_PLAN_MODE_RUNS;
  else if (g_strcmp0 (text, "multiplex") == 0)
    *mode = CS_PLAN_MODE_MULTIPLEX;
  else
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("unknown mode “%s”: use “runs” (one run per group) or “multiplex” "
                     "(one run, the kernel time-shares the counters)"),
                   text ? text : "");
      return FALSE;
    }
  return TRUE;
}

const char *
cs_plan_mode_to_string (CsPlanMode mode)
{
  return mode == CS_PLAN_MODE_MULTIPLEX ? "multiplex" : "runs";
}

static char *
counter_text (const CsPlanEvent *event)
{
  switch (event->counter)
    {
    case CS_COUNTER_FIXED:
      /* TRANSLATORS: a fixed PMU counter and its number */
      return g_strdup_printf (_("fixed %d"), event->fixed_index);
    case CS_COUNTER_GENERIC:
      /* TRANSLATORS: a general-purpose PMU counter */
      return g_strdup (_("generic"));
    case CS_COUNTER_METRIC:
      /* TRANSLATORS: a topdown metric read through the slots counter */
      return g_strdup (_("metric"));
    case CS_COUNTER_SOFTWARE:
    default:
      /* TRANSLATORS: counted by the kernel, no hardware counter */
      return g_strdup (_("software"));
    }
}

static char *
encoding_text (const CsPlanEvent *event)
{
  const char *type;

  switch (event->attr.type)
    {
    case PERF_TYPE_HARDWARE: type = "hw"; break;
    case PERF_TYPE_SOFTWARE: type = "sw"; break;
    case PERF_TYPE_HW_CACHE: type = "cache"; break;
    case PERF_TYPE_RAW:      type = "raw"; break;
    default:                 type = "type"; break;
    }
  if (event->attr.config1 != 0)
    return g_strdup_printf ("%s 0x%" G_GINT64_MODIFIER "x/0x%" G_GINT64_MODIFIER "x", type,
                            (guint64) event->attr.config, (guint64) event->attr.config1);
  return g_strdup_printf ("%s 0x%" G_GINT64_MODIFIER "x", type, (guint64) event->attr.config);
}

static void
format_header (const CsPlan *plan,
               GString      *out)
{
  if (plan->pmu != NULL)
    g_string_append_printf (out,
                            /* TRANSLATORS: model id, PMU name, counter counts */
                            _("Run plan for %s on PMU %s (%u general-purpose + %u fixed counters)\n"),
                            plan->model ? plan->model : _("the given events"),
                            plan->pmu, plan->n_generic, plan->n_fixed);
  else
    g_string_append_printf (out, _("Run plan for %s without a hardware PMU\n"),
                            plan->model ? plan->model : _("the given events"));

  if (plan->mode == CS_PLAN_MODE_MULTIPLEX)
    g_string_append_printf (out, _("Mode: multiplex — one run with all %u groups; the kernel "
                                   "time-shares the counters and counts are scaled by "
                                   "time_enabled / time_running\n"),
                            plan->groups->len);
  else
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                              "Mode: runs — one run of the program per group, %u run\n",
                                              "Mode: runs — one run of the program per group, %u runs\n",
                                              plan->runs->len),
                            plan->runs->len);
  if (plan->cycles_alias != NULL && plan->mode == CS_PLAN_MODE_MULTIPLEX)
    g_string_append_printf (out, _("Cycles (%s) is counted in every group\n"), plan->cycles_alias);
  else if (plan->cycles_alias != NULL)
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                              "Cycles (%s) is counted in every group, %u run (asked for %u)\n",
                                              "Cycles (%s) is counted in every group, %u runs (asked for %u)\n",
                                              plan->cycles_runs),
                            plan->cycles_alias, plan->cycles_runs, plan->repeat);
}

static void
format_groups (const CsPlan *plan,
               GString      *out)
{
  int alias_w = 5;

  for (guint g = 0; g < plan->groups->len; g++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, g);

      for (guint e = 0; e < group->events->len; e++)
        {
          CsPlanEvent *event = g_ptr_array_index (group->events, e);
          alias_w = MAX (alias_w, (int) g_utf8_strlen (event->alias, -1));
        }
    }

  for (guint g = 0; g < plan->groups->len; g++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, g);

      g_string_append_printf (out, "\n%s", group->label);
      if (plan->n_generic == 0)
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " — %u event\n", " — %u events\n",
                                                  group->events->len),
                                group->events->len);
      else
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                  " — %u event, %u of %u general-purpose counters\n",
                                                  " — %u events, %u of %u general-purpose counters\n",
                                                  group->events->len),
                                group->events->len, group->n_generic, plan->n_generic);
      for (guint e = 0; e < group->events->len; e++)
        {
          CsPlanEvent *event = g_ptr_array_index (group->events, e);
          g_autofree char *counter = counter_text (event);
          g_autofree char *encoding = encoding_text (event);
          GString *flags = g_string_new (NULL);

          if (e == 0 && group->events->len > 1)
            g_string_append (flags, _("leader"));
          if (event->constraint != NULL && !(e == 0 && g_str_equal (event->constraint, "leader")))
            g_string_append_printf (flags, "%s%s", flags->len ? "," : "", event->constraint);
          /* The libpfm4 string only when the alias does not already say it. */
          g_string_append_printf (out, "  %-*s  %-8s  %-18s  %-12s  %s\n",
                                  alias_w, event->alias, counter, encoding, flags->str,
                                  g_strcmp0 (event->alias, event->event) != 0 ? event->event : "");
          g_string_free (flags, TRUE);
        }
    }
}

char *
cs_plan_format (const CsPlan *plan)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (plan != NULL, NULL);

  format_header (plan, out);
  format_groups (plan, out);

  g_string_append_printf (out, _("\nRuns (%u):\n"), plan->runs->len);
  for (guint r = 0; r < plan->runs->len; r++)
    {
      CsPlanRun *run = g_ptr_array_index (plan->runs, r);

      g_string_append_printf (out, _("  run %u:"), r + 1);
      for (guint i = 0; i < run->groups->len; i++)
        {
          CsPlanGroup *group = g_ptr_array_index (plan->groups, g_array_index (run->groups, guint, i));
          g_string_append_printf (out, "%s %s", i ? "," : "", group->label);
        }
      g_string_append_c (out, '\n');
    }

  if (plan->dropped->len > 0)
    {
      g_string_append (out, _("\nNot planned:\n"));
      for (guint i = 0; i < plan->dropped->len; i++)
        {
          CsPlanDropped *dropped = g_ptr_array_index (plan->dropped, i);
          g_string_append_printf (out, "  %s (%s): %s\n", dropped->alias, dropped->event, dropped->reason);
        }
    }
  if (plan->notes->len > 0)
    {
      g_string_append (out, _("\nNotes:\n"));
      for (guint i = 0; i < plan->notes->len; i++)
        g_string_append_printf (out, "  %s\n", (char *) g_ptr_array_index (plan->notes, i));
    }
  return g_string_free (out, FALSE);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-planner.c — packs encoded events into groups and groups into runs
 *
 * First-fit over the events in a fixed order: group leaders first (each
 * needs its own group), then the events with counter constraints (they set
 * the lower bound on the number of groups: one PMC0-only event per group),
 * then everything else in model order. Placing the scarce ones first keeps
 * the group count at that bound in practice, and the order depends only on
 * the model, so the plan is deterministic.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-collector-error.h"
#include "cs-plan-private.h"
#include "cs-pfm-private.h"

/* Kernel pseudo-encodings of Intel's fixed counters (event | umask << 8):
 * arch/x86/events/intel/core.c FIXED_EVENT_CONSTRAINT. Only a plain
 * event/umask maps there; cmask, inv, edge or any-thread need a generic one. */
#define FIXED_INST_RETIRED_ANY 0x00c0
#define FIXED_CORE_CYCLES      0x003c
#define FIXED_REF_CYCLES       0x0300
#define FIXED_SLOTS            0x0400

typedef enum
{
  CONSTRAINT_NONE     = 0,
  CONSTRAINT_PMC0     = 1 << 0,
  CONSTRAINT_PMC1     = 1 << 1,
  CONSTRAINT_OFFCORE  = 1 << 2,
  CONSTRAINT_LEADER   = 1 << 3,
} Constraint;

typedef struct
{
  CsPlanEvent *event;
  Constraint   constraint;
  guint        order;       /* position in the model */
  int          fixed;       /* fixed counter it could use, -1 none */
} Item;

typedef struct
{
  CsPlanGroup *group;
  guint        fixed_used;  /* bit i: fixed counter i taken */
  Constraint   constraints; /* constraint classes present */
  gboolean     has_slots;
} Slot;

static Constraint
parse_constraint (const char *text)
{
  if (text == NULL)
    return CONSTRAINT_NONE;
  if (g_ascii_strcasecmp (text, "pmc0") == 0)
    return CONSTRAINT_PMC0;
  if (g_ascii_strcasecmp (text, "pmc1") == 0)
    return CONSTRAINT_PMC1;
  if (g_ascii_strcasecmp (text, "offcore_rsp") == 0)
    return CONSTRAINT_OFFCORE;
  if (g_ascii_strcasecmp (text, "leader") == 0)
    return CONSTRAINT_LEADER;
  return CONSTRAINT_NONE;
}

static gboolean
is_raw_plain (const struct perf_event_attr *attr)
{
  return attr->type == PERF_TYPE_RAW && (attr->config & ~(guint64) 0xffff) == 0
      && attr->config1 == 0;
}

static int
fixed_counter_for (const struct perf_event_attr *attr,
                   guint                         n_fixed)
{
  int index = -1;

  if (is_raw_plain (attr))
    {
      switch (attr->config)
        {
        case FIXED_INST_RETIRED_ANY: index = 0; break;
        case FIXED_CORE_CYCLES:      index = 1; break;
        case FIXED_REF_CYCLES:       index = 2; break;
        case FIXED_SLOTS:            index = 3; break;
        default: break;
        }
    }
  else if (attr->type == PERF_TYPE_HARDWARE)
    {
      /* The kernel maps perf's generic events onto the same counters. */
      switch (attr->config)
        {
        case PERF_COUNT_HW_INSTRUCTIONS:   index = 0; break;
        case PERF_COUNT_HW_CPU_CYCLES:     index = 1; break;
        case PERF_COUNT_HW_REF_CPU_CYCLES: index = 2; break;
        default: break;
        }
    }
  return index >= 0 && (guint) index < n_fixed ? index : -1;
}

/* Ice Lake's topdown metric pseudo-events: event 0x00, umask 0x80–0x87. They
 * exist only where the PMU has the fourth (slots) fixed counter. */
static gboolean
is_topdown_metric (const struct perf_event_attr *attr,
                   guint                         n_fixed)
{
  return n_fixed >= 4 && is_raw_plain (attr)
      && (attr->config & 0xff) == 0 && (attr->config >> 8) >= 0x80 && (attr->config >> 8) <= 0x87;
}

static gboolean
is_slots (const CsPlanEvent *event)
{
  return is_raw_plain (&event->attr) && event->attr.config == FIXED_SLOTS;
}

static void
add_dropped (CsPlan     *plan,
             const char *alias,
             const char *event,
             char       *reason)
{
  CsPlanDropped *dropped = g_new0 (CsPlanDropped, 1);

  dropped->alias = g_strdup (alias);
  dropped->event = g_strdup (event);
  dropped->reason = reason;
  g_ptr_array_add (plan->dropped, dropped);
}

static CsPlanEvent *
encode_event (const CsModelEvent *model_event,
              GError            **error)
{
  g_autoptr(GError) local = NULL;
  CsPlanEvent *event = g_new0 (CsPlanEvent, 1);

  if (!cs_pfm_encode_any (model_event->event, (const char * const *) model_event->alternatives,
                          &event->attr, &event->fstr, &event->event, &local))
    {
      g_set_error (error, local->domain, local->code,
                   /* TRANSLATORS: "event l2_miss: unknown event “FOO” for PMU core: …" */
                   _("event %s: %s"), model_event->alias, local->message);
      _cs_plan_event_free (event);
      return NULL;
    }
  event->alias = g_strdup (model_event->alias);
  event->constraint = g_strdup (model_event->constraint);
  event->fixed_index = -1;
  return event;
}

static int
compare_items (gconstpointer a,
               gconstpointer b)
{
  const Item *ia = a, *ib = b;
  /* Leaders, then the counter-constrained, then the rest; model order within. */
  int ra = (ia->constraint & CONSTRAINT_LEADER) ? 0 : ia->constraint != CONSTRAINT_NONE ? 1 : 2;
  int rb = (ib->constraint & CONSTRAINT_LEADER) ? 0 : ib->constraint != CONSTRAINT_NONE ? 1 : 2;

  if (ra != rb)
    return ra - rb;
  return ia->order < ib->order ? -1 : ia->order > ib->order;
}

static Slot *
open_slot (GPtrArray         *slots,
           const CsPlanEvent *cycles)
{
  Slot *slot = g_new0 (Slot, 1);

  slot->group = _cs_plan_group_new ();
  g_ptr_array_add (slots, slot);
  if (cycles != NULL)
    {
      CsPlanEvent *copy = _cs_plan_event_copy (cycles);

      if (copy->counter == CS_COUNTER_FIXED)
        slot->fixed_used |= 1u << copy->fixed_index;
      else if (copy->counter == CS_COUNTER_GENERIC)
        slot->group->n_generic++;
      g_ptr_array_add (slot->group->events, copy);
    }
  return slot;
}

/* Places @item in @slot if it fits; the event is copied. */
static gboolean
try_place (Slot       *slot,
           const Item *item,
           guint       n_generic)
{
  CsPlanEvent *copy;
  Constraint counted = item->constraint & (CONSTRAINT_PMC0 | CONSTRAINT_PMC1
                                           | CONSTRAINT_OFFCORE | CONSTRAINT_LEADER);
  gboolean use_fixed;

  if (slot->group->cycles_only || (slot->constraints & counted) != 0)
    return FALSE;
  use_fixed = item->fixed >= 0 && (slot->fixed_used & (1u << item->fixed)) == 0;
  if (!use_fixed && slot->group->n_generic >= n_generic)
    return FALSE;

  copy = _cs_plan_event_copy (item->event);
  if (use_fixed)
    {
      copy->counter = CS_COUNTER_FIXED;
      copy->fixed_index = item->fixed;
      slot->fixed_used |= 1u << item->fixed;
    }
  else
    {
      copy->counter = CS_COUNTER_GENERIC;
      copy->fixed_index = -1;
      slot->group->n_generic++;
    }
  slot->constraints |= counted;
  slot->has_slots |= is_slots (copy);

  if (item->constraint & CONSTRAINT_LEADER)
    g_ptr_array_insert (slot->group->events, 0, copy);
  else
    g_ptr_array_add (slot->group->events, copy);
  return TRUE;
}

/* The kernel reads topdown metrics only as members of a group led by slots. */
static gboolean
place_metric (GPtrArray  *slots,
              const Item *item)
{
  for (guint i = 0; i < slots->len; i++)
    {
      Slot *slot = g_ptr_array_index (slots, i);
      GPtrArray *events = slot->group->events;

      if (!slot->has_slots)
        continue;
      if (!is_slots (g_ptr_array_index (events, 0)))
        {
          if (slot->constraints & CONSTRAINT_LEADER)
            continue;
          /* Move slots to the front: it must lead. */
          for (guint j = 1; j < events->len; j++)
            if (is_slots (g_ptr_array_index (events, j)))
              {
                gpointer ev = g_ptr_array_steal_index (events, j);
                g_ptr_array_insert (events, 0, ev);
                break;
              }
          slot->constraints |= CONSTRAINT_LEADER;
        }
      g_ptr_array_add (events, _cs_plan_event_copy (item->event));
      return TRUE;
    }
  return FALSE;
}

static void
item_clear (Item *item)
{
  g_clear_pointer (&item->event, _cs_plan_event_free);
}

static void
slot_free (Slot *slot)
{
  if (slot->group != NULL)
    _cs_plan_group_free (slot->group);
  g_free (slot);
}

static gboolean
check_counters (const CsPlan *plan,
                const char   *alias,
                const char   *event,
                GError      **error)
{
  g_autofree char *reason = NULL;

  if (plan->n_generic + plan->n_fixed > 0)
    return TRUE;
  if (cs_pfm_hardware_usable (&reason) || reason == NULL)
    reason = g_strdup (_("libpfm4 knows no hardware PMU on this host."));
  g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_NO_PMU,
               /* TRANSLATORS: event alias, event string, then why there is no PMU */
               _("event %s (%s) needs a hardware performance counter: %s"),
               alias, event, reason);
  return FALSE;
}

static void
plan_runs (CsPlan            *plan,
           const CsPlanEvent *cycles)
{
  if (plan->mode == CS_PLAN_MODE_MULTIPLEX)
    {
      CsPlanRun *run = g_new0 (CsPlanRun, 1);

      run->groups = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = 0; i < plan->groups->len; i++)
        g_array_append_val (run->groups, i);
      g_ptr_array_add (plan->runs, run);
      plan->cycles_runs = cycles != NULL ? 1 : 0;
      return;
    }

  for (guint i = 0; i < plan->groups->len; i++)
    {
      CsPlanRun *run = g_new0 (CsPlanRun, 1);

      run->groups = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (run->groups, i);
      g_ptr_array_add (plan->runs, run);
    }
  plan->cycles_runs = cycles != NULL ? plan->groups->len : 0;

  /* Kruse, CMSSW Performance Monitoring, 2011, §5.1: cycles varies by a few
   * percent between runs, so it is counted in more runs than the other events
   * and averaged. */
  if (cycles != NULL && plan->cycles_runs < plan->repeat)
    {
      CsPlanGroup *group = _cs_plan_group_new ();
      guint index = plan->groups->len;

      group->label = g_strdup (_("cycles only"));
      group->cycles_only = TRUE;
      g_ptr_array_add (group->events, _cs_plan_event_copy (cycles));
      group->n_generic = cycles->counter == CS_COUNTER_GENERIC ? 1 : 0;
      g_ptr_array_add (plan->groups, group);
      for (; plan->cycles_runs < plan->repeat; plan->cycles_runs++)
        {
          CsPlanRun *run = g_new0 (CsPlanRun, 1);

          run->groups = g_array_new (FALSE, FALSE, sizeof (guint));
          g_array_append_val (run->groups, index);
          run->cycles_only = TRUE;
          g_ptr_array_add (plan->runs, run);
        }
    }
}

CsPlan *
cs_planner_plan (const CsModelEvent * const *events,
                 guint                       n_events,
                 const char                 *cycles_alias,
                 const CsPmuInfo            *pmu,
                 CsPlanMode                  mode,
                 guint                       repeat,
                 GError                    **error)
{
  g_autoptr(CsPlan) plan = g_new0 (CsPlan, 1);
  g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (Item));
  g_autoptr(GPtrArray) slots = g_ptr_array_new_with_free_func ((GDestroyNotify) slot_free);
  g_autoptr(GPtrArray) software = g_ptr_array_new ();
  g_autoptr(GPtrArray) metrics = g_ptr_array_new ();
  g_autoptr(CsPlanEvent) cycles = NULL;
  gboolean needs_counters = FALSE;
  guint n_generic = pmu ? pmu->n_generic : 0;
  guint n_fixed = pmu ? MIN (pmu->n_fixed, 31) : 0;

  g_array_set_clear_func (items, (GDestroyNotify) item_clear);
  plan->notes = g_ptr_array_new_with_free_func (g_free);
  if (pmu == NULL && _cs_pfm_kernel_counts_hardware ())
    {
      /* The kernel counts, but libpfm4 does not know the PMU, so its size is
       * unknown: plan for the fewest general-purpose counters an x86 PMU has
       * (2, architectural perfmon version 1) and no fixed ones. */
      n_generic = 2;
      g_ptr_array_add (plan->notes,
                       g_strdup (_("libpfm4 does not know this PMU: groups are planned for "
                                   "2 general-purpose counters, the fewest an x86 PMU has")));
    }
  plan->pmu = pmu ? g_strdup (pmu->name) : NULL;
  plan->n_generic = n_generic;
  plan->n_fixed = pmu ? pmu->n_fixed : 0;
  plan->mode = mode;
  plan->repeat = MAX (repeat, 1);
  plan->cycles_alias = g_strdup (cycles_alias);
  plan->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_plan_group_free);
  plan->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_plan_run_free);
  plan->dropped = g_ptr_array_new_with_free_func ((GDestroyNotify) _cs_plan_dropped_free);

  for (guint i = 0; i < n_events; i++)
    {
      const CsModelEvent *me = events[i];
      gboolean is_cycles = cycles_alias != NULL && g_strcmp0 (me->alias, cycles_alias) == 0;
      CsPlanEvent *event;
      Item item = { 0 };

      if (!cs_model_event_applies_to_pmu (me, plan->pmu))
        {
          g_autofree char *listed = g_strjoinv (", ", me->pmus);

          if (is_cycles)
            {
              g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_NO_PMU,
                           _("the cycles event %s is only available on PMU %s, not on %s"),
                           me->alias, listed, plan->pmu ? plan->pmu : _("this host (no hardware PMU)"));
              return NULL;
            }
          add_dropped (plan, me->alias, me->event,
                       g_strdup_printf (_("not available on PMU %s (the model lists it for %s); "
                                          "metrics that need it show no value"),
                                        plan->pmu ? plan->pmu : "—", listed));
          continue;
        }

      event = encode_event (me, error);
      if (event == NULL)
        return NULL;
      event->is_cycles = is_cycles;

      if (cs_pfm_is_software (&event->attr))
        event->counter = CS_COUNTER_SOFTWARE;
      else if (is_topdown_metric (&event->attr, n_fixed))
        event->counter = CS_COUNTER_METRIC;
      else
        {
          event->counter = CS_COUNTER_GENERIC;
          needs_counters = TRUE;
          if (!check_counters (plan, me->alias, event->event, error))
            {
              _cs_plan_event_free (event);
              return NULL;
            }
        }

      if (me->constraint != NULL && parse_constraint (me->constraint) == CONSTRAINT_NONE)
        g_ptr_array_add (plan->notes,
                         g_strdup_printf (_("event %s: unknown constraint “%s” ignored "
                                            "(known: pmc0, pmc1, offcore_rsp, leader)"),
                                          me->alias, me->constraint));

      if (is_cycles)
        {
          if (cycles != NULL)
            {
              _cs_plan_event_free (event);
              continue;
            }
          event->fixed_index = fixed_counter_for (&event->attr, n_fixed);
          if (event->fixed_index >= 0)
            event->counter = CS_COUNTER_FIXED;
          cycles = event;
          continue;
        }

      item.event = event;
      item.constraint = parse_constraint (me->constraint);
      item.order = i;
      item.fixed = fixed_counter_for (&event->attr, n_fixed);
      g_array_append_val (items, item);
    }

  if (cycles_alias != NULL && cycles == NULL)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("the cycles alias “%s” names none of the events to plan"), cycles_alias);
      return NULL;
    }

  g_array_sort (items, compare_items);
  for (guint i = 0; i < items->len; i++)
    {
      Item *item = &g_array_index (items, Item, i);
      gboolean placed = FALSE;

      if (item->event->counter == CS_COUNTER_SOFTWARE)
        {
          g_ptr_array_add (software, item);
          continue;
        }
      if (item->event->counter == CS_COUNTER_METRIC)
        {
          g_ptr_array_add (metrics, item);
          continue;
        }
      for (guint s = 0; s < slots->len && !placed; s++)
        placed = try_place (g_ptr_array_index (slots, s), item, n_generic);
      if (!placed && !try_place (open_slot (slots, cycles), item, n_generic))
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_SCHEDULE,
                       _("event %s cannot be counted together with the cycles event: "
                         "PMU %s has %u general-purpose counters"),
                       item->event->alias, plan->pmu, n_generic);
          return NULL;
        }
    }

  for (guint i = 0; i < metrics->len; i++)
    {
      Item *item = g_ptr_array_index (metrics, i);

      if (!place_metric (slots, item))
        add_dropped (plan, item->event->alias, item->event->event,
                     g_strdup (_("a topdown metric event is read only in a group led by "
                                 "the slots event, and none is planned")));
    }

  for (guint s = 0; s < slots->len; s++)
    {
      Slot *slot = g_ptr_array_index (slots, s);

      g_ptr_array_add (plan->groups, g_steal_pointer (&slot->group));
    }

  if (software->len > 0 || (cycles != NULL && plan->groups->len == 0))
    {
      CsPlanGroup *group = _cs_plan_group_new ();

      /* Software events need no counters, so they all fit one group. */
      if (cycles != NULL)
        g_ptr_array_add (group->events, _cs_plan_event_copy (cycles));
      group->n_generic = cycles != NULL && cycles->counter == CS_COUNTER_GENERIC ? 1 : 0;
      for (guint i = 0; i < software->len; i++)
        g_ptr_array_add (group->events, _cs_plan_event_copy (((Item *) g_ptr_array_index (software, i))->event));
      g_ptr_array_add (plan->groups, group);
    }

  for (guint i = 0; i < plan->groups->len; i++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, i);

      /* TRANSLATORS: label of the n-th group of events counted together */
      group->label = g_strdup_printf (_("group %u"), i + 1);
    }

  plan_runs (plan, cycles);

  if (cycles != NULL && cycles->counter != CS_COUNTER_SOFTWARE)
    needs_counters = TRUE;
  if (needs_counters)
    {
      g_autofree char *reason = NULL;

      if (!cs_pfm_hardware_usable (&reason))
        g_ptr_array_add (plan->notes, g_strdup_printf (_("These hardware events cannot be "
                                                         "counted on this host: %s"), reason));
    }

  return g_steal_pointer (&plan);
}

CsPlan *
cs_planner_plan_model (CsModel         *model,
                       const CsPmuInfo *pmu,
                       CsPlanMode       mode,
                       guint            repeat,
                       GError         **error)
{
  g_autofree const CsModelEvent **events = NULL;
  guint n_events;
  CsPlan *plan;
  const char *pmu_name = pmu ? pmu->name : "perf";

  g_return_val_if_fail (CS_IS_MODEL (model), NULL);

  if (!cs_model_applies_to_pmu (model, pmu_name))
    {
      const char * const *pmus = cs_model_get_pmus (model);
      g_autofree char *listed = pmus ? g_strjoinv (", ", (char **) pmus) : g_strdup ("—");

      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_NO_PMU,
                   _("model %s is for PMU %s, but this process's PMU is %s: choose another "
                     "model (`cyclescope models`) or force a PMU with LIBPFM_FORCE_PMU"),
                   cs_model_get_id (model), listed,
                   pmu ? pmu->name : _("none (no hardware PMU)"));
      return NULL;
    }

  n_events = cs_model_get_n_events (model);
  events = g_new0 (const CsModelEvent *, n_events + 1);
  for (guint i = 0; i < n_events; i++)
    events[i] = cs_model_get_event (model, i);

  plan = cs_planner_plan (events, n_events, cs_model_get_cycles_alias (model), pmu, mode,
                          repeat, error);
  if (plan != NULL)
    plan->model = g_strdup (cs_model_get_id (model));
  return plan;
}

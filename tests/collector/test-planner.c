/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-planner.c — run planning under forced PMUs, with the real model files
 *
 * Run once per PMU (LIBPFM_FORCE_PMU from meson's 'env'; libpfm4 reads it
 * once per process). Every model in data/models that names the forced PMU
 * is planned and checked against the rules, restated here from their
 * sources rather than taken from the planner: counter counts from libpfm4's
 * PMU tables, the kernel's fixed-counter encodings
 * (arch/x86/events/intel/core.c), Core 2's PMC0-only MEM_LOAD_RETIRED and
 * Nehalem's single OFFCORE_RESPONSE MSR (libpfm4's nhm event table).
 */
#include "config.h"

#include <string.h>

#include "cs-collector-error.h"
#include "cs-planner.h"
#include "cs-test-model.h"

static const char *
forced (void)
{
  const char *pmu = g_getenv ("LIBPFM_FORCE_PMU");

  return pmu != NULL && *pmu != '\0' ? pmu : NULL;
}

/* The kernel maps only a plain event|umask onto a fixed counter. */
static int
expected_fixed (const struct perf_event_attr *attr,
                guint                         n_fixed)
{
  int index = -1;

  if (attr->type == PERF_TYPE_RAW && attr->config1 == 0 && attr->config <= 0xffff)
    index = attr->config == 0x00c0 ? 0 : attr->config == 0x003c ? 1
          : attr->config == 0x0300 ? 2 : attr->config == 0x0400 ? 3 : -1;
  return index >= 0 && (guint) index < n_fixed ? index : -1;
}

static gboolean
is_metric (const struct perf_event_attr *attr,
           guint                         n_fixed)
{
  return n_fixed >= 4 && attr->type == PERF_TYPE_RAW && attr->config <= 0xffff
      && (attr->config & 0xff) == 0 && (attr->config >> 8) >= 0x80;
}

static guint
count_constraint (CsPlanGroup *group,
                  const char  *constraint)
{
  guint n = 0;

  for (guint i = 0; i < group->events->len; i++)
    n += g_strcmp0 (((CsPlanEvent *) g_ptr_array_index (group->events, i))->constraint, constraint) == 0;
  return n;
}

static guint
count_prefix (CsPlanGroup *group,
              const char  *prefix)
{
  guint n = 0;

  for (guint i = 0; i < group->events->len; i++)
    n += g_str_has_prefix (((CsPlanEvent *) g_ptr_array_index (group->events, i))->event, prefix);
  return n;
}

/* The rules every plan obeys, whatever the model. Returns the number of
 * groups that are not the extra cycles-only group. */
static guint
check_plan (const CsPlan *plan,
            const CsPmuInfo *pmu)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_groups = 0, cycles_runs = 0;

  for (guint g = 0; g < plan->groups->len; g++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, g);
      guint fixed_used = 0, generic = 0, cycles = 0, leaders = 0;

      if (group->cycles_only)
        {
          g_assert_cmpuint (group->events->len, ==, 1);
          g_assert_cmpstr (((CsPlanEvent *) g_ptr_array_index (group->events, 0))->alias, ==,
                           plan->cycles_alias);
          continue;
        }
      n_groups++;

      for (guint e = 0; e < group->events->len; e++)
        {
          CsPlanEvent *event = g_ptr_array_index (group->events, e);
          int fixed = expected_fixed (&event->attr, pmu ? pmu->n_fixed : 0);

          if (g_strcmp0 (event->alias, plan->cycles_alias) == 0)
            cycles++;
          else
            {
              /* Each event is planned once. */
              g_assert_false (g_hash_table_contains (seen, event->alias));
              g_hash_table_add (seen, event->alias);
            }
          if (g_strcmp0 (event->constraint, "leader") == 0)
            {
              leaders++;
              g_assert_cmpuint (e, ==, 0);
            }
          if (event->attr.type == PERF_TYPE_SOFTWARE || is_metric (&event->attr, pmu ? pmu->n_fixed : 0))
            continue;
          if (fixed >= 0 && !(fixed_used & (1u << fixed)))
            fixed_used |= 1u << fixed;
          else
            generic++;
        }

      /* Every group carries cycles, once. */
      if (plan->cycles_alias != NULL)
        g_assert_cmpuint (cycles, ==, 1);
      g_assert_cmpuint (leaders, <=, 1);
      g_assert_cmpuint (generic, <=, pmu ? pmu->n_generic : 0);
      g_assert_cmpuint (generic, ==, group->n_generic);
      g_assert_cmpuint (count_constraint (group, "pmc0"), <=, 1);
      g_assert_cmpuint (count_constraint (group, "pmc1"), <=, 1);
      g_assert_cmpuint (count_constraint (group, "offcore_rsp"), <=, 1);
    }

  for (guint r = 0; r < plan->runs->len; r++)
    {
      CsPlanRun *run = g_ptr_array_index (plan->runs, r);

      for (guint i = 0; i < run->groups->len; i++)
        g_assert_cmpuint (g_array_index (run->groups, guint, i), <, plan->groups->len);
      cycles_runs += plan->cycles_alias != NULL;
    }

  if (plan->mode == CS_PLAN_MODE_MULTIPLEX)
    {
      g_assert_cmpuint (plan->runs->len, ==, 1);
      g_assert_cmpuint (((CsPlanRun *) g_ptr_array_index (plan->runs, 0))->groups->len, ==, n_groups);
    }
  else
    {
      g_assert_cmpuint (plan->runs->len, ==, MAX (n_groups, plan->repeat));
      if (plan->cycles_alias != NULL)
        {
          g_assert_cmpuint (cycles_runs, >=, plan->repeat);
          g_assert_cmpuint (plan->cycles_runs, ==, cycles_runs);
        }
    }
  return n_groups;
}

/* The plan of @model, which must succeed. */
static CsPlan *
plan_ok (CsModel         *model,
         const CsPmuInfo *pmu,
         CsPlanMode       mode,
         guint            repeat)
{
  g_autoptr(GError) error = NULL;
  CsPlan *plan = cs_planner_plan_model (model, pmu, mode, repeat, &error);

  g_assert_no_error (error);
  g_assert_nonnull (plan);
  return plan;
}

/* Models in the source tree naming @pmu_name exactly. */
static GPtrArray *
models_for (const char *pmu_name)
{
  g_autofree char *dir_path = cs_test_source_path ("data/models");
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *models = g_ptr_array_new_with_free_func (g_object_unref);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *path = NULL;
      CsModel *model;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      model = cs_model_new_from_file (path, &error);
      g_assert_no_error (error);
      if (g_strv_contains (cs_model_get_pmus (model), pmu_name))
        g_ptr_array_add (models, model);
      else
        g_object_unref (model);
    }
  return models;
}

/* Lower bound on the number of groups: generic events over the counters
 * left beside cycles, and one group per PMC0-only / OFFCORE event. */
static guint
lower_bound (CsModel         *model,
             const CsPmuInfo *pmu)
{
  guint generic = 0, pmc0 = 0, offcore = 0, per_group = pmu->n_generic;
  guint fixed_seen = 0;

  for (guint i = 0; i < cs_model_get_n_events (model); i++)
    {
      const CsModelEvent *me = cs_model_get_event (model, i);
      g_autoptr(GError) error = NULL;
      struct perf_event_attr attr;
      int fixed;

      if (!cs_model_event_applies_to_pmu (me, pmu->name))
        continue;
      g_assert_true (cs_pfm_encode_any (me->event, (const char * const *) me->alternatives,
                                        &attr, NULL, NULL, &error));
      fixed = expected_fixed (&attr, pmu->n_fixed);
      if (g_strcmp0 (me->alias, cs_model_get_cycles_alias (model)) == 0)
        {
          if (fixed < 0)
            per_group--;
          else
            fixed_seen |= 1u << fixed;
          continue;
        }
      pmc0 += g_strcmp0 (me->constraint, "pmc0") == 0;
      offcore += g_strcmp0 (me->constraint, "offcore_rsp") == 0;
      if (attr.type == PERF_TYPE_SOFTWARE || is_metric (&attr, pmu->n_fixed))
        continue;
      if (fixed >= 0 && !(fixed_seen & (1u << fixed)))
        fixed_seen |= 1u << fixed;   /* one free fixed counter in some group */
      else
        generic++;
    }
  return MAX (MAX ((generic + per_group - 1) / per_group, pmc0), MAX (offcore, 1));
}

static void
test_models (void)
{
  const CsPmuInfo *pmu = cs_pfm_get_host_pmu ();
  g_autoptr(GPtrArray) models = NULL;

  g_assert_nonnull (pmu);
  g_assert_cmpstr (pmu->name, ==, forced ());
  models = models_for (pmu->name);
  /* Each forced PMU is registered because a model names it: without one
   * this fails rather than passing on nothing. */
  if (models->len == 0)
    g_error ("no model in data/models names the PMU %s", pmu->name);

  for (guint m = 0; m < models->len; m++)
    {
      CsModel *model = g_ptr_array_index (models, m);
      g_autoptr(CsPlan) plan = plan_ok (model, pmu, CS_PLAN_MODE_RUNS, 5);
      g_autoptr(CsPlan) multiplex = NULL;
      guint n_groups, planned = 0;

      g_test_message ("%s: %u groups, %u runs, %u dropped", cs_model_get_id (model),
                      plan->groups->len, plan->runs->len, plan->dropped->len);
      n_groups = check_plan (plan, pmu);
      g_assert_cmpuint (n_groups, ==, lower_bound (model, pmu));

      /* Every model event is planned or dropped with a reason, never lost. */
      for (guint i = 0; i < cs_model_get_n_events (model); i++)
        planned += cs_model_event_applies_to_pmu (cs_model_get_event (model, i), pmu->name);
      g_assert_cmpuint (cs_plan_get_n_events (plan), ==, planned);
      g_assert_cmpuint (planned + plan->dropped->len, ==, cs_model_get_n_events (model));

      multiplex = plan_ok (model, pmu, CS_PLAN_MODE_MULTIPLEX, 5);
      g_assert_cmpuint (check_plan (multiplex, pmu), ==, n_groups);
    }
}

static void
test_core2 (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("intel-core2");
  const CsPmuInfo *pmu = cs_pfm_get_host_pmu ();
  g_autoptr(CsPlan) plan = plan_ok (model, pmu, CS_PLAN_MODE_RUNS, 5);
  g_autoptr(CsPlan) repeated = NULL;
  g_autofree char *text = NULL;

  for (guint g = 0; g < plan->groups->len; g++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, g);

      /* Kruse, CMSSW Performance Monitoring, 2011, §5.1: 2 programmable
       * counters beside the fixed ones, and MEM_LOAD_RETIRED only on PMC0. */
      g_assert_cmpuint (group->n_generic, <=, 2);
      g_assert_cmpuint (count_prefix (group, "MEM_LOAD_RETIRED"), <=, 1);
    }

  /* More groups than the 5 asked-for cycles counts: no extra runs. */
  g_assert_cmpuint (plan->runs->len, ==, plan->groups->len);
  /* Asking for more cycles counts than groups adds cycles-only runs. */
  repeated = plan_ok (model, pmu, CS_PLAN_MODE_RUNS, plan->groups->len + 2);
  check_plan (repeated, pmu);
  g_assert_cmpuint (repeated->runs->len, ==, plan->groups->len + 2);
  g_assert_true (((CsPlanRun *) g_ptr_array_index (repeated->runs, repeated->runs->len - 1))->cycles_only);
  g_assert_false (((CsPlanRun *) g_ptr_array_index (repeated->runs, 0))->cycles_only);

  text = cs_plan_format (plan);
  g_assert_nonnull (strstr (text, "MEM_LOAD_RETIRED.L2_LINE_MISS"));
  g_assert_nonnull (strstr (text, "fixed 1"));
}

static void
test_nehalem (void)
{
  g_autoptr(GPtrArray) models = models_for ("nhm");
  const CsPmuInfo *pmu = cs_pfm_get_host_pmu ();

  g_assert_cmpuint (models->len, >, 0);
  for (guint m = 0; m < models->len; m++)
    {
      g_autoptr(CsPlan) plan = plan_ok (g_ptr_array_index (models, m), pmu, CS_PLAN_MODE_RUNS, 5);

      for (guint g = 0; g < plan->groups->len; g++)
        {
          CsPlanGroup *group = g_ptr_array_index (plan->groups, g);

          g_assert_cmpuint (group->n_generic, <=, 4);
          /* One OFFCORE_RSP_0 MSR: differing config1 values cannot share a group. */
          g_assert_cmpuint (count_prefix (group, "OFFCORE_RESPONSE_0"), <=, 1);
        }
    }
}

#define EV(a, e, c) { .alias = (char *) a, .event = (char *) e, .constraint = (char *) c }

/* A hand-made Core 2 list whose packing is worked out by hand: constrained
 * events first (M1 → g1, M2 → g2 since both need PMC0, DIV (PMC1) → g1),
 * then model order (INST on g1's free fixed counter 0, RS → g2, RES → g3). */
static void
test_core_by_hand (void)
{
  static const char *nhm_only[] = { "nhm", NULL };
  CsModelEvent list[] = {
    EV ("cycles", "UNHALTED_CORE_CYCLES", NULL),
    EV ("inst", "INSTRUCTIONS_RETIRED", NULL),
    EV ("m1", "MEM_LOAD_RETIRED:L2_LINE_MISS", "pmc0"),
    EV ("m2", "MEM_LOAD_RETIRED:DTLB_MISS", "pmc0"),
    EV ("div", "DIV", "pmc1"),
    EV ("rs", "RS_UOPS_DISPATCHED:c=1:i=1", NULL),
    EV ("res", "RESOURCE_STALLS:ANY", NULL),
    EV ("offcore", "OFFCORE_RESPONSE_0", NULL),
  };
  const CsModelEvent *events[G_N_ELEMENTS (list)];
  const char *expected[3][4] = {
    { "cycles", "m1", "div", "inst" }, { "cycles", "m2", "rs", NULL }, { "cycles", "res", NULL, NULL },
  };
  const CsPmuInfo *pmu = cs_pfm_get_host_pmu ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPlan) plan = NULL;
  g_autoptr(CsPlan) multiplex = NULL;

  list[7].pmus = (char **) nhm_only;
  for (guint i = 0; i < G_N_ELEMENTS (list); i++)
    events[i] = &list[i];

  plan = cs_planner_plan (events, G_N_ELEMENTS (list), "cycles", pmu, CS_PLAN_MODE_RUNS, 5, &error);
  g_assert_no_error (error);
  check_plan (plan, pmu);
  g_assert_cmpuint (plan->groups->len, ==, 4);  /* 3 + the cycles-only group */
  for (guint g = 0; g < 3; g++)
    {
      CsPlanGroup *group = g_ptr_array_index (plan->groups, g);

      for (guint e = 0; e < 4; e++)
        {
          if (expected[g][e] == NULL)
            {
              g_assert_cmpuint (group->events->len, ==, e);
              break;
            }
          g_assert_cmpstr (((CsPlanEvent *) g_ptr_array_index (group->events, e))->alias, ==,
                           expected[g][e]);
        }
    }
  /* Cycles on fixed counter 1 and INSTRUCTIONS_RETIRED on fixed 0. */
  g_assert_cmpint (((CsPlanEvent *) g_ptr_array_index (((CsPlanGroup *) g_ptr_array_index (plan->groups, 0))->events, 0))->fixed_index, ==, 1);
  g_assert_cmpint (((CsPlanEvent *) g_ptr_array_index (((CsPlanGroup *) g_ptr_array_index (plan->groups, 0))->events, 3))->fixed_index, ==, 0);

  /* 3 groups, cycles asked 5 times: 2 cycles-only runs. */
  g_assert_cmpuint (plan->runs->len, ==, 5);
  g_assert_cmpuint (plan->cycles_runs, ==, 5);
  for (guint r = 0; r < 5; r++)
    g_assert_cmpint (((CsPlanRun *) g_ptr_array_index (plan->runs, r))->cycles_only, ==, r >= 3);

  /* The nhm-only event is dropped, and says why. */
  g_assert_cmpuint (plan->dropped->len, ==, 1);
  g_assert_cmpstr (((CsPlanDropped *) g_ptr_array_index (plan->dropped, 0))->alias, ==, "offcore");
  g_assert_nonnull (strstr (((CsPlanDropped *) g_ptr_array_index (plan->dropped, 0))->reason, "nhm"));

  multiplex = cs_planner_plan (events, G_N_ELEMENTS (list), "cycles", pmu, CS_PLAN_MODE_MULTIPLEX,
                               5, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (multiplex->groups->len, ==, 3);
  g_assert_cmpuint (multiplex->runs->len, ==, 1);
  g_assert_cmpuint (((CsPlanRun *) g_ptr_array_index (multiplex->runs, 0))->groups->len, ==, 3);
}

static void
test_core_errors (void)
{
  static const char *nhm_only[] = { "nhm", NULL };
  CsModelEvent bad[] = { EV ("cycles", "UNHALTED_CORE_CYCLES", NULL), EV ("typo", "MEM_LOAD_RETIRED:L2_LINE_MIS", NULL) };
  CsModelEvent no_cycles[] = { EV ("cycles", "UNHALTED_CORE_CYCLES", NULL) };
  const CsModelEvent *events[] = { &bad[0], &bad[1] };
  const CsModelEvent *only[] = { &no_cycles[0] };
  const CsPmuInfo *pmu = cs_pfm_get_host_pmu ();
  g_autoptr(GError) error = NULL;
  CsPlan *plan;

  plan = cs_planner_plan (events, 2, "cycles", pmu, CS_PLAN_MODE_RUNS, 5, &error);
  g_assert_null (plan);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNKNOWN_EVENT);
  g_assert_nonnull (strstr (error->message, "typo"));
  g_assert_nonnull (strstr (error->message, "MEM_LOAD_RETIRED:L2_LINE_MISS"));
  g_clear_error (&error);

  plan = cs_planner_plan (events, 1, "clocks", pmu, CS_PLAN_MODE_RUNS, 5, &error);
  g_assert_null (plan);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED);
  g_clear_error (&error);

  /* Cycles missing on this PMU: nothing could be normalised. */
  no_cycles[0].pmus = (char **) nhm_only;
  plan = cs_planner_plan (only, 1, "cycles", pmu, CS_PLAN_MODE_RUNS, 5, &error);
  g_assert_null (plan);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_NO_PMU);
}

/* Software events need no counters: all in one group, whatever the host. */
static void
test_software (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  g_autoptr(CsPlan) plan = plan_ok (model, cs_pfm_get_host_pmu (), CS_PLAN_MODE_RUNS, 3);
  CsPlanGroup *group;

  check_plan (plan, cs_pfm_get_host_pmu ());
  group = g_ptr_array_index (plan->groups, 0);
  g_assert_false (group->cycles_only);
  for (guint i = 1; i < plan->groups->len; i++)
    g_assert_true (((CsPlanGroup *) g_ptr_array_index (plan->groups, i))->cycles_only);
  for (guint e = 0; e < group->events->len; e++)
    g_assert_cmpuint (((CsPlanEvent *) g_ptr_array_index (group->events, e))->attr.type, ==,
                      PERF_TYPE_SOFTWARE);
  g_assert_cmpuint (plan->runs->len, ==, 3);
}

static void
test_topdown (void)
{
  const CsPmuInfo *pmu = cs_pfm_get_host_pmu ();
  g_autoptr(GPtrArray) models = models_for (pmu->name);
  gboolean found = FALSE;

  for (guint m = 0; m < models->len; m++)
    {
      g_autoptr(CsPlan) plan = plan_ok (g_ptr_array_index (models, m), pmu, CS_PLAN_MODE_RUNS, 5);

      for (guint g = 0; g < plan->groups->len; g++)
        {
          CsPlanGroup *group = g_ptr_array_index (plan->groups, g);
          CsPlanEvent *leader = g_ptr_array_index (group->events, 0);

          for (guint e = 0; e < group->events->len; e++)
            if (((CsPlanEvent *) g_ptr_array_index (group->events, e))->counter == CS_COUNTER_METRIC)
              {
                /* The kernel reads metrics only in a group led by slots (0x0400). */
                g_assert_cmpuint (leader->attr.type, ==, PERF_TYPE_RAW);
                g_assert_cmphex (leader->attr.config, ==, 0x0400);
                found = TRUE;
              }
        }
    }
  g_assert_true (found);
}

int
main (int    argc,
      char **argv)
{
  const char *pmu = forced ();

  g_test_init (&argc, &argv, NULL);

  /* The software model plans on every PMU, forced or not. */
  g_test_add_func ("/planner/software", test_software);
  if (pmu != NULL)
    {
      g_test_add_func ("/planner/models", test_models);
      if (g_str_equal (pmu, "core"))
        {
          g_test_add_func ("/planner/core/intel-core2", test_core2);
          g_test_add_func ("/planner/core/by-hand", test_core_by_hand);
          g_test_add_func ("/planner/core/errors", test_core_errors);
        }
      else if (g_str_equal (pmu, "nhm"))
        g_test_add_func ("/planner/nhm/offcore", test_nehalem);
      else if (g_str_equal (pmu, "icl") || g_str_equal (pmu, "spr"))
        g_test_add_func ("/planner/topdown", test_topdown);
    }
  return g_test_run ();
}

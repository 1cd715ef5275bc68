/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analysis.c — a session or perf.data file, ready to show
 *
 * Loading: the session (synthesised for a plain perf.data), the profile of its
 * first sampling run, the model (the session's; for a plain perf.data chosen
 * from the sampled events), then one evaluation per scope. The program is
 * evaluated on counts when the session has counting runs, on estimates from
 * samples otherwise; each sampled module always on estimates (Kruse, CMSSW
 * Performance Monitoring, 2011, §5.4), with program(...) reading the program's
 * evaluation.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "cs-analysis-private.h"
#include "cs-chart-values.h"
#include "cs-error.h"
#include "cs-file.h"
#include "cs-model-registry.h"

#define DEFAULT_SYMBOL_LIMIT 20

G_DEFINE_FINAL_TYPE (CsAnalysis, cs_analysis, G_TYPE_OBJECT)

static void
scope_clear (CsScope *scope)
{
  g_clear_pointer (&scope->name, g_free);
  g_clear_pointer (&scope->path, g_free);
  g_clear_pointer (&scope->evaluation, cs_evaluation_unref);
}

static void
cs_analysis_finalize (GObject *object)
{
  CsAnalysis *self = CS_ANALYSIS (object);

  g_free (self->path);
  g_clear_object (&self->session);
  g_clear_object (&self->profile);
  g_clear_object (&self->model);
  scope_clear (&self->program);
  g_clear_pointer (&self->scopes, g_array_unref);
  g_clear_pointer (&self->charts, g_ptr_array_unref);
  g_clear_pointer (&self->hidden_charts, g_ptr_array_unref);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->details, g_ptr_array_unref);
  g_clear_object (&self->base);
  g_clear_pointer (&self->filter, cs_profile_filter_unref);
  G_OBJECT_CLASS (cs_analysis_parent_class)->finalize (object);
}

static void
cs_analysis_class_init (CsAnalysisClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cs_analysis_finalize;
}

static void
cs_analysis_init (CsAnalysis *self)
{
  self->scopes = g_array_new (FALSE, TRUE, sizeof (CsScope));
  g_array_set_clear_func (self->scopes, (GDestroyNotify) scope_clear);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  self->details = g_ptr_array_new_with_free_func (g_free);
  self->default_event = -1;
  self->symbol_limit = DEFAULT_SYMBOL_LIMIT;
}

gboolean
cs_analysis_is_perf_data (const char *path)
{
  char magic[8];

  /* Never blocks: a FIFO or a device is no perf.data here, and the session
   * loader then says what it is. */
  return cs_file_read_head (path, magic, sizeof magic) == sizeof magic &&
         (memcmp (magic, "PERFILE2", 8) == 0 || memcmp (magic, "2ELIFREP", 8) == 0);
}

typedef struct
{
  CsProgressFunc func;
  gpointer       data;
} ProgressScale;

/* Reading and resolving are most of the work: 5 % … 90 % of the bar. */
static void
on_profile_progress (const char *stage,
                     double      fraction,
                     gpointer    user_data)
{
  ProgressScale *ps = user_data;

  ps->func (stage, fraction < 0 ? -1 : 0.05 + 0.85 * fraction, ps->data);
}

static gboolean
load_profile (CsAnalysis              *self,
              const CsAnalysisOptions *options,
              CsProgressFunc           progress,
              gpointer                 progress_data,
              GCancellable            *cancellable,
              GError                 **error)
{
  CsSamplingRun *run;
  g_autofree char *perf_path = NULL;
  g_autoptr(CsSymbolizer) symbolizer = NULL;
  g_autoptr(CsRegionMarks) marks = NULL;
  g_autoptr(GError) local_error = NULL;
  ProgressScale ps = { progress, progress_data };
  gboolean plain = g_strcmp0 (cs_session_get_mode (self->session), "perf") == 0;

  if (cs_session_get_n_sampling_runs (self->session) == 0)
    return TRUE;
  run = cs_session_get_sampling_run (self->session, 0);
  if (run->perf_data == NULL)
    return TRUE;
  perf_path = cs_session_get_perf_data_path (self->session, run);
  if (!plain && !g_file_test (perf_path, G_FILE_TEST_EXISTS))
    {
      g_ptr_array_add (self->warnings,
                       g_strdup_printf (_("The samples of this session are missing (%s): the module and symbol tables are empty."),
                                        perf_path));
      return TRUE;
    }

  symbolizer = cs_symbolizer_new ();
  for (guint i = 0; options != NULL && options->debug_dirs != NULL && options->debug_dirs[i] != NULL; i++)
    cs_symbolizer_add_debug_dir (symbolizer, options->debug_dirs[i]);
  /* The kernel's symbols as they were at recording time, when the
   * collector saved them (older sessions have none). */
  if (!plain && run->kallsyms != NULL)
    {
      g_autofree char *kallsyms = cs_session_get_kallsyms_path (self->session, run);

      cs_symbolizer_set_saved_kallsyms (symbolizer, kallsyms);
      cs_symbolizer_set_recording_boot (symbolizer, run->kallsyms_boot_id);
    }
  /* Samples are given their region when the program marked them
   * (record --regions); without the marks the tables stay whole. */
  if (!plain && run->regions != NULL)
    {
      g_autofree char *regions_path = cs_session_get_regions_path (self->session, run);
      g_autoptr(GError) marks_error = NULL;

      marks = cs_region_marks_load (regions_path, &marks_error);
      if (marks == NULL)
        g_ptr_array_add (self->warnings,
                         g_strdup_printf (_("The samples are not split by region: %s"), marks_error->message));
      for (const char * const *w = marks != NULL ? cs_region_marks_get_warnings (marks) : NULL;
           w != NULL && *w != NULL; w++)
        g_ptr_array_add (self->warnings, g_strdup (*w));
    }
  self->profile = cs_profile_load_with_regions (perf_path, marks, symbolizer,
                                                progress != NULL ? on_profile_progress : NULL,
                                                &ps, cancellable, &local_error);
  if (self->profile != NULL)
    return TRUE;
  /* A plain perf.data is all there is to show; a bundle still has counts. */
  if (plain || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  g_ptr_array_add (self->warnings,
                   g_strdup_printf (_("The samples of this session could not be read: %s"),
                                    local_error->message));
  return TRUE;
}

/* A plain perf.data knows its events and host only from the file. */
static void
describe_perf_session (CsAnalysis *self)
{
  CsSamplingRun *run = cs_session_get_sampling_run (self->session, 0);
  const CsProfileEvent *e = cs_profile_get_default_event (self->profile);
  const CsProfileStats *stats = cs_profile_get_stats (self->profile);

  cs_session_set_host (self->session, cs_profile_get_hostname (self->profile), NULL, NULL, NULL,
                       cs_profile_get_os_release (self->profile), 0);
  if (e != NULL)
    {
      run->event = g_strdup (e->name);
      run->event_string = g_strdup (e->name);
      run->period = e->sample_period;
      run->frequency = e->sample_freq;
      run->n_samples = e->n_samples;
    }
  run->n_lost = cs_profile_stats_get_n_lost (stats);
}

gboolean
_cs_analysis_sampled_software_only (CsProfile *profile)
{
  gboolean any = FALSE;

  for (guint i = 0; profile != NULL && i < cs_profile_get_n_events (profile); i++)
    {
      const CsProfileEvent *e = cs_profile_get_event (profile, i);

      if (e->n_samples == 0)
        continue;
      if (!e->software)
        return FALSE;
      any = TRUE;
    }
  return any;
}

static gboolean
choose_model (CsAnalysis              *self,
              const CsAnalysisOptions *options,
              GError                 **error)
{
  CsModelRegistry *registry = cs_model_registry_get_default ();
  const char *id = options != NULL && options->model_id != NULL ? options->model_id
                                                                : cs_session_get_model_id (self->session);
  const char *pmu = cs_session_get_pmu_name (self->session);
  CsModel *model = NULL;

  if (id != NULL)
    model = cs_model_registry_lookup (registry, id);
  else if (pmu != NULL)
    model = cs_model_registry_choose (registry, pmu);
  else
    {
      /* Software events need the software model; cycles, instructions and
       * the other generic hardware events are the generic model's. */
      id = self->profile == NULL || _cs_analysis_sampled_software_only (self->profile) ? "software" : "generic";
      model = cs_model_registry_lookup (registry, id);
    }
  if (model == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("The model “%s” is not installed. Run “cyclescope models” to see the models found."),
                   id != NULL ? id : pmu);
      return FALSE;
    }
  self->model = g_object_ref (model);
  return TRUE;
}

static void
pick_default_event (CsAnalysis *self)
{
  const char *alias = cs_model_get_sample_alias (self->model);
  const CsModelEvent *me;
  const CsProfileEvent *e;

  if (self->profile == NULL)
    return;
  if (alias == NULL)
    alias = cs_model_get_cycles_alias (self->model);
  me = alias != NULL ? cs_model_find_event (self->model, alias) : NULL;
  for (guint i = 0; me != NULL && i < cs_profile_get_n_events (self->profile); i++)
    {
      e = cs_profile_get_event (self->profile, i);
      if (e->n_samples > 0 && cs_profile_event_matches (e->name, me))
        {
          self->default_event = (int) i;
          return;
        }
    }
  e = cs_profile_get_default_event (self->profile);
  self->default_event = e != NULL ? (int) e->index : -1;
}

/* Adds the values of @from that @counts lacks. */
static void
add_missing (CsCounts *counts,
             CsCounts *from)
{
  guint n = 0;
  const char **names = cs_counts_get_names (from, &n);

  for (guint i = 0; i < n; i++)
    {
      double value;
      CsProvenance provenance;

      if (!cs_counts_lookup (counts, names[i], NULL, NULL) &&
          cs_counts_lookup (from, names[i], &value, &provenance))
        cs_counts_set (counts, names[i], value, provenance);
    }
}

/* One scope per region: the session's (counted, Kruse §5.3) first, in its
 * order, then regions that only have samples (record --no-counting), by
 * samples. A region's samples give its share and, for events that were
 * not counted, estimates. */
static gboolean
evaluate_regions (CsAnalysis  *self,
                  guint64      total,
                  GError     **error)
{
  /* Every counted region's values in one pass over the runs, and a set
   * for the sampled ones: a session of 20 000 regions is not read once
   * per region. */
  g_autoptr(GPtrArray) counted = cs_session_build_all_region_counts (self->session);
  g_autoptr(GHashTable) known = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint n_counted = counted->len;
  g_autoptr(GArray) sampled = NULL;

  for (guint i = 0; i < counted->len; i++)
    {
      const CsRegionCounts *rc = g_ptr_array_index (counted, i);

      g_hash_table_add (known, rc->name);
      g_ptr_array_add (names, rc->name);
    }
  if (self->profile != NULL && self->default_event >= 0)
    {
      sampled = cs_profile_dup_region_table (self->profile, self->default_event);
      for (guint i = 0; i < sampled->len; i++)
        {
          const CsProfileRegionRow *row = &g_array_index (sampled, CsProfileRegionRow, i);

          if (g_hash_table_add (known, (gpointer) row->name))
            g_ptr_array_add (names, (gpointer) row->name);
        }
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      guint region = self->profile != NULL ? cs_profile_find_region (self->profile, name) : 0;
      g_autoptr(CsCounts) rc = NULL;
      CsScope scope = { CS_SCOPE_REGION, g_strdup (name), NULL, -1, NULL, 0, 0, region };

      if (region > 0 && self->default_event >= 0)
        {
          cs_profile_get_region_total (self->profile, self->default_event, region, &scope.n_samples, NULL);
          scope.sample_share = total > 0 ? (double) scope.n_samples / (double) total : 0;
        }
      if (i < n_counted)
        {
          rc = cs_counts_ref (((CsRegionCounts *) g_ptr_array_index (counted, i))->counts);
          if (region > 0)
            {
              g_autoptr(CsCounts) from_samples = cs_profile_build_region_counts (self->profile, self->model, region);

              add_missing (rc, from_samples);
            }
        }
      else
        rc = cs_profile_build_region_counts (self->profile, self->model, region);
      scope.evaluation = cs_evaluation_new (self->model, rc, self->program.evaluation, error);
      if (scope.evaluation == NULL)
        {
          scope_clear (&scope);
          return FALSE;
        }
      g_array_append_val (self->scopes, scope);
    }
  return TRUE;
}

gboolean
_cs_analysis_evaluate (CsAnalysis  *self,
                       GError     **error)
{
  g_autoptr(CsCounts) counts = NULL;
  g_autoptr(GArray) modules = NULL;
  guint64 total = 0;

  if (cs_session_get_n_runs (self->session) > 0 || self->profile == NULL)
    counts = cs_session_build_counts (self->session, NULL);
  else
    counts = cs_profile_build_counts (self->profile, self->model, NULL);

  /* Events that were only sampled (cpu-clock beside counted task-clock)
   * still get a whole-program value, estimated from the samples, so
   * formulas like program(cpu_clock) give each module its share. */
  if (self->profile != NULL && cs_session_get_n_runs (self->session) > 0)
    {
      g_autoptr(CsCounts) sampled = cs_profile_build_counts (self->profile, self->model, NULL);

      add_missing (counts, sampled);
    }

  if (self->default_event >= 0)
    total = cs_profile_get_event (self->profile, self->default_event)->n_samples;
  self->program.kind = CS_SCOPE_PROGRAM;
  self->program.name = g_strdup (_("Whole program"));
  self->program.module_id = -1;
  self->program.n_samples = total;
  self->program.sample_share = 1.0;
  if (!(self->program.evaluation = cs_evaluation_new (self->model, counts, NULL, error)))
    return FALSE;

  if (!evaluate_regions (self, total, error))
    return FALSE;

  if (self->default_event < 0)
    return TRUE;
  modules = cs_profile_dup_module_table (self->profile, self->default_event);
  for (guint i = 0; i < modules->len; i++)
    {
      const CsProfileModuleRow *row = &g_array_index (modules, CsProfileModuleRow, i);
      g_autoptr(CsCounts) mc = cs_profile_build_counts (self->profile, self->model, row->module);
      CsScope scope = { CS_SCOPE_MODULE, g_strdup (row->module->name), g_strdup (row->module->path),
                        (int) row->module->index, NULL, row->samples,
                        total > 0 ? (double) row->samples / (double) total : 0, 0 };

      scope.evaluation = cs_evaluation_new (self->model, mc, self->program.evaluation, error);
      if (scope.evaluation == NULL)
        {
          scope_clear (&scope);
          return FALSE;
        }
      g_array_append_val (self->scopes, scope);
    }
  return TRUE;
}

CsAnalysis *
cs_analysis_load (const char              *path,
                  const CsAnalysisOptions *options,
                  CsProgressFunc           progress,
                  gpointer                 progress_data,
                  GCancellable            *cancellable,
                  GError                 **error)
{
  g_autoptr(CsAnalysis) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (progress != NULL)
    progress (_("Reading the session"), 0.0, progress_data);
  self = g_object_new (CS_TYPE_ANALYSIS, NULL);
  self->path = g_strdup (path);
  if (options != NULL && options->symbol_limit > 0)
    self->symbol_limit = options->symbol_limit;

  /* Not through cs_session_load(), which reads the whole file into memory
   * to look at its magic. */
  if (cs_analysis_is_perf_data (path))
    self->session = cs_session_new_for_perf_data (path);
  else if (!(self->session = cs_session_load (path, error)))
    return NULL;
  if (!load_profile (self, options, progress, progress_data, cancellable, error))
    return NULL;
  if (self->profile != NULL && g_strcmp0 (cs_session_get_mode (self->session), "perf") == 0)
    describe_perf_session (self);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (progress != NULL)
    progress (_("Evaluating the model"), 0.92, progress_data);
  if (!choose_model (self, options, error))
    return NULL;
  pick_default_event (self);
  if (!_cs_analysis_evaluate (self, error))
    return NULL;
  _cs_analysis_build_charts (self);
  _cs_analysis_collect_warnings (self);
  g_ptr_array_add (self->warnings, NULL);
  g_ptr_array_add (self->details, NULL);

  if (progress != NULL)
    progress (_("Done"), 1.0, progress_data);
  return g_steal_pointer (&self);
}

typedef struct
{
  char              *path;
  CsAnalysisOptions  options;
  char              *model_id;
  GStrv              debug_dirs;
  CsProgressFunc     progress;
  gpointer           progress_data;
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_free (data->path);
  g_free (data->model_id);
  g_strfreev (data->debug_dirs);
  g_free (data);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadData *data = task_data;
  GError *error = NULL;
  CsAnalysis *analysis;

  analysis = cs_analysis_load (data->path, &data->options, data->progress, data->progress_data,
                               cancellable, &error);
  if (analysis == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, analysis, g_object_unref);
}

void
cs_analysis_load_async (const char              *path,
                        const CsAnalysisOptions *options,
                        CsProgressFunc           progress,
                        gpointer                 progress_data,
                        GCancellable            *cancellable,
                        GAsyncReadyCallback      callback,
                        gpointer                 user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  LoadData *data = g_new0 (LoadData, 1);

  data->path = g_strdup (path);
  if (options != NULL)
    {
      data->model_id = g_strdup (options->model_id);
      data->debug_dirs = g_strdupv ((char **) options->debug_dirs);
      data->options.symbol_limit = options->symbol_limit;
    }
  data->options.model_id = data->model_id;
  data->options.debug_dirs = (const char * const *) data->debug_dirs;
  data->progress = progress;
  data->progress_data = progress_data;
  g_task_set_source_tag (task, cs_analysis_load_async);
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  g_task_run_in_thread (task, load_thread);
}

CsAnalysis *
cs_analysis_load_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

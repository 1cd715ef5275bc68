/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-evaluation.c — every metric of a model evaluated on one scope
 *
 * Metrics are computed on demand from a formula that needs them (so the
 * order in the file does not matter) and memoised; the whole set is computed
 * at construction, after which an evaluation is immutable and can be shared
 * between threads.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cs-error.h"
#include "cs-evaluation.h"
#include "cs-model-private.h"

typedef enum
{
  STATE_TODO,
  STATE_RUNNING,
  STATE_DONE,
} State;

struct _CsEvaluation
{
  gatomicrefcount  ref_count;
  CsModel         *model;
  CsCounts        *counts;
  CsEvaluation    *program;
  double          *values;
  CsProvenance    *provenance;

  /* Only during construction. */
  State           *state;
  GArray          *stack;        /* guint metric indices being computed */
  char            *cycle;        /* "A → B → A" once a loop was found */
  GError          *error;        /* first unknown identifier */
};

typedef struct
{
  CsEvaluation *self;
  CsProvenance  weakest;         /* among the values read so far */
} Reader;

static void compute_metric (CsEvaluation *self, guint index);
static char *display_name (CsModel *model);

static void
merge (Reader       *reader,
       CsProvenance  provenance)
{
  /* Larger enum values are weaker claims (as in cs_counts_add()); NONE only
   * says a value is missing, which the NaN result already tells. */
  if (provenance != CS_PROVENANCE_NONE && provenance > reader->weakest)
    reader->weakest = provenance;
}

/* "A → B → A"; a loop through more metrics than a message can list shows
 * its first and last ones around how many were left out. */
static char *
describe_cycle (CsModel *model,
                GArray  *stack,
                guint    from)
{
  GString *s = g_string_new (NULL);
  guint start = 0;
  guint n;

  for (guint i = 0; i < stack->len; i++)
    if (g_array_index (stack, guint, i) == from)
      start = i;
  n = stack->len - start;
  for (guint i = start; i < stack->len; i++)
    {
      if (n > 8 && i == start + 3)
        {
          /* TRANSLATORS: stands for the middle of a long loop of metrics */
          g_string_append_printf (s, _("… %u more … → "), n - 6);
          i = stack->len - 4;
          continue;
        }
      g_string_append (s, cs_model_get_metric (model, g_array_index (stack, guint, i))->name);
      g_string_append (s, " → ");
    }
  g_string_append (s, cs_model_get_metric (model, from)->name);
  return g_string_free (s, FALSE);
}

typedef struct
{
  guint      index;
  guint      next;      /* the next of @names to follow */
  GPtrArray *names;
} Visit;

/* The metrics in an order where each comes after the metrics its formula
 * names (names inside program() too: see cs_model_check()), so that
 * evaluating them in that order never waits for another metric. The
 * depth-first search keeps its own stack: a chain of 100 000 metrics, each
 * using the next, is that deep. NULL on a loop, with @cycle ("A → B → A")
 * and @where, the metric whose formula closes it. */
static guint *
order_metrics (CsModel  *model,
               char    **cycle,
               guint    *where)
{
  guint n = cs_model_get_n_metrics (model);
  g_autofree State *state = g_new0 (State, MAX (n, 1));
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  g_autoptr(GArray) visits = g_array_new (FALSE, FALSE, sizeof (Visit));
  guint n_order = 0;

  for (guint root = 0; root < n; root++)
    {
      Visit first = { root, 0, NULL };

      if (state[root] == STATE_DONE)
        continue;
      state[root] = STATE_RUNNING;
      first.names = cs_expr_get_identifiers (cs_model_get_metric (model, root)->expr);
      g_array_append_val (visits, first);
      while (visits->len > 0)
        {
          Visit *top = &g_array_index (visits, Visit, visits->len - 1);
          guint dep;

          if (top->next == top->names->len)
            {
              state[top->index] = STATE_DONE;
              order[n_order++] = top->index;
              g_ptr_array_unref (top->names);
              g_array_set_size (visits, visits->len - 1);
              continue;
            }
          if (cs_model_lookup_name (model, g_ptr_array_index (top->names, top->next++), &dep) !=
              CS_MODEL_NAME_METRIC || state[dep] == STATE_DONE)
            continue;
          if (state[dep] == STATE_RUNNING)
            {
              g_autoptr(GArray) path = g_array_sized_new (FALSE, FALSE, sizeof (guint), visits->len);

              for (guint i = 0; i < visits->len; i++)
                g_array_append_val (path, g_array_index (visits, Visit, i).index);
              *cycle = describe_cycle (model, path, dep);
              *where = dep;
              for (guint i = 0; i < visits->len; i++)
                g_ptr_array_unref (g_array_index (visits, Visit, i).names);
              return NULL;
            }
          {
            Visit next = { dep, 0, NULL };

            state[dep] = STATE_RUNNING;
            next.names = cs_expr_get_identifiers (cs_model_get_metric (model, dep)->expr);
            g_array_append_val (visits, next);
          }
        }
    }
  return g_steal_pointer (&order);
}

static gboolean
resolve (const char  *name,
         gboolean     program,
         double      *value,
         gpointer     user_data,
         GError     **error)
{
  Reader *reader = user_data;
  CsEvaluation *self = reader->self;
  /* Without a program evaluation this scope *is* the whole program. */
  CsEvaluation *target = (program && self->program != NULL) ? self->program : self;
  CsProvenance provenance = CS_PROVENANCE_NONE;
  guint index = 0;

  switch (cs_model_lookup_name (self->model, name, &index))
    {
    case CS_MODEL_NAME_EVENT:
    case CS_MODEL_NAME_PSEUDO_EVENT:
      /* An event the runs did not count is unknown, not an error: the
       * metric shows "—" and the others still compute. */
      if (target->counts == NULL || !cs_counts_lookup (target->counts, name, value, &provenance))
        *value = NAN;
      merge (reader, provenance);
      return TRUE;

    case CS_MODEL_NAME_CONSTANT:
      *value = cs_model_get_constant (self->model, index)->value;
      return TRUE;

    case CS_MODEL_NAME_METRIC:
      if (target == self)
        {
          if (self->state[index] == STATE_RUNNING)
            {
              if (self->cycle == NULL)
                self->cycle = describe_cycle (self->model, self->stack, index);
              *value = NAN;
              return TRUE;
            }
          compute_metric (self, index);
        }
      *value = target->values[index];
      merge (reader, target->provenance[index]);
      return TRUE;

    case CS_MODEL_NAME_NONE:
    default:
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("unknown identifier “%s”"), name);
      return FALSE;
    }
}

static void
compute_metric (CsEvaluation *self,
                guint         index)
{
  const CsModelMetric *metric = cs_model_get_metric (self->model, index);
  g_autoptr(GError) local_error = NULL;
  Reader reader = { self, CS_PROVENANCE_COUNTED };
  double value;

  if (self->state[index] == STATE_DONE || self->error != NULL)
    return;
  self->state[index] = STATE_RUNNING;
  g_array_append_val (self->stack, index);

  value = cs_expr_eval (metric->expr, resolve, &reader, &local_error);

  g_array_set_size (self->stack, self->stack->len - 1);
  self->state[index] = STATE_DONE;
  self->values[index] = value;
  self->provenance[index] = isnan (value) ? CS_PROVENANCE_NONE : reader.weakest;

  /* The innermost failing metric is reported; the metrics that used it
   * just see NaN and the construction stops. */
  if (local_error != NULL && self->error == NULL)
    {
      g_autofree char *file = display_name (self->model);

      self->error = g_error_new (local_error->domain, local_error->code,
                                 _("%s: metrics[%u].formula: %s (metric “%s”)"),
                                 file, index, local_error->message, metric->name);
    }
}

CsEvaluation *
cs_evaluation_new (CsModel       *model,
                   CsCounts      *counts,
                   CsEvaluation  *program,
                   GError       **error)
{
  g_autoptr(CsEvaluation) self = NULL;
  g_autofree guint *own_order = NULL;
  const guint *order;
  guint n;

  g_return_val_if_fail (CS_IS_MODEL (model), NULL);
  g_return_val_if_fail (program == NULL || program->model == model, NULL);

  n = cs_model_get_n_metrics (model);
  self = g_new0 (CsEvaluation, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->model = g_object_ref (model);
  self->counts = counts ? cs_counts_ref (counts) : cs_counts_new ();
  self->program = program ? cs_evaluation_ref (program) : NULL;
  self->values = g_new (double, MAX (n, 1));
  self->provenance = g_new0 (CsProvenance, MAX (n, 1));
  self->state = g_new0 (State, MAX (n, 1));
  self->stack = g_array_new (FALSE, FALSE, sizeof (guint));

  /* In dependency order, so that no metric's evaluation recurses into the
   * metrics it uses (cs_model_check() found the order when the model was
   * loaded). */
  order = model->metric_order;
  if (order == NULL)
    {
      guint first;

      order = own_order = order_metrics (model, &self->cycle, &first);
      if (order == NULL)
        {
          g_autofree char *file = display_name (model);

          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CYCLE,
                       _("%s: metrics refer to each other in a loop: %s"),
                       file, self->cycle);
          return NULL;
        }
    }
  for (guint i = 0; i < n; i++)
    {
      compute_metric (self, order[i]);
      if (self->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&self->error));
          return NULL;
        }
      if (self->cycle != NULL)
        {
          g_autofree char *file = display_name (model);

          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CYCLE,
                       _("%s: metrics refer to each other in a loop: %s"),
                       file, self->cycle);
          return NULL;
        }
    }

  g_clear_pointer (&self->state, g_free);
  g_clear_pointer (&self->stack, g_array_unref);
  return g_steal_pointer (&self);
}

CsEvaluation *
cs_evaluation_ref (CsEvaluation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
cs_evaluation_unref (CsEvaluation *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_clear_pointer (&self->program, cs_evaluation_unref);
  g_clear_pointer (&self->counts, cs_counts_unref);
  g_clear_object (&self->model);
  g_free (self->values);
  g_free (self->provenance);
  g_free (self->state);
  if (self->stack)
    g_array_unref (self->stack);
  g_free (self->cycle);
  g_clear_error (&self->error);
  g_free (self);
}

CsModel *
cs_evaluation_get_model (CsEvaluation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->model;
}

CsCounts *
cs_evaluation_get_counts (CsEvaluation *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->counts;
}

double
cs_evaluation_get_value (CsEvaluation *self,
                         guint         metric_index)
{
  g_return_val_if_fail (self != NULL, NAN);
  if (metric_index >= cs_model_get_n_metrics (self->model))
    return NAN;
  return self->values[metric_index];
}

double
cs_evaluation_lookup (CsEvaluation *self,
                      const char   *metric_name)
{
  int i;

  g_return_val_if_fail (self != NULL, NAN);
  i = cs_model_get_metric_index (self->model, metric_name);
  return i < 0 ? NAN : self->values[i];
}

CsProvenance
cs_evaluation_get_provenance (CsEvaluation *self,
                              guint         metric_index)
{
  g_return_val_if_fail (self != NULL, CS_PROVENANCE_NONE);
  if (metric_index >= cs_model_get_n_metrics (self->model))
    return CS_PROVENANCE_NONE;
  return self->provenance[metric_index];
}

/* ---- static checks ---------------------------------------------------- */

static gboolean
check_resolve (const char  *name,
               gboolean     program,
               double      *value,
               gpointer     user_data,
               GError     **error)
{
  if (cs_model_lookup_name (user_data, name, NULL) != CS_MODEL_NAME_NONE)
    return TRUE;
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
               _("unknown identifier “%s”"), name);
  return FALSE;
}

static char *
display_name (CsModel *model)
{
  const char *filename = cs_model_get_filename (model);

  return g_path_get_basename (filename != NULL ? filename : "model.json");
}

gboolean
cs_model_check (CsModel  *model,
                GError  **error)
{
  g_autofree char *file = NULL;
  guint n;

  g_return_val_if_fail (CS_IS_MODEL (model), FALSE);

  file = display_name (model);
  n = cs_model_get_n_metrics (model);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!cs_expr_check (cs_model_get_metric (model, i)->expr, check_resolve, model, &local_error))
        {
          g_set_error (error, CS_DATA_ERROR, local_error->code,
                       _("%s: metrics[%u].formula: %s (metric “%s”)"),
                       file, i, local_error->message, cs_model_get_metric (model, i)->name);
          return FALSE;
        }
    }

  /* program(X) inside X would also loop when evaluating the program itself,
   * so references inside program() count as edges too. The order is kept:
   * every evaluation of the model follows it. */
  {
    g_autofree char *cycle = NULL;
    guint first = 0;
    guint *order = order_metrics (model, &cycle, &first);

    if (order == NULL)
      {
        g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CYCLE,
                     _("%s: metrics[%u].formula: metrics refer to each other in a loop: %s"),
                     file, first, cycle);
        return FALSE;
      }
    g_free (model->metric_order);
    model->metric_order = order;
  }
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-groups.c — samples grouped by perf report's sort keys
 *
 * Each key's value is looked up once per context (thread and cpu: pid,
 * comm, cpu) or per location (the key of (event, module, offset): dso,
 * sym, srcline), so that a sample costs two table reads and one probe of
 * the row table.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-profile-groups.h"
#include "cs-profile-private.h"

static const char * const key_names[] = { "pid", "comm", "cpu", "dso", "sym", "srcline" };

gboolean
cs_sort_key_from_string (const char *name,
                         CsSortKey  *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_names); i++)
    if (g_strcmp0 (name, key_names[i]) == 0)
      {
        *key = (CsSortKey) i;
        return TRUE;
      }
  return FALSE;
}

const char *
cs_sort_key_to_string (CsSortKey key)
{
  return (guint) key < G_N_ELEMENTS (key_names) ? key_names[key] : NULL;
}

gboolean
cs_sort_keys_parse (const char  *text,
                    CsSortKey   *keys,
                    guint       *n_keys,
                    GError     **error)
{
  g_auto(GStrv) names = g_strsplit (text != NULL ? text : "", ",", -1);
  guint n = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      CsSortKey k;
      gboolean seen = FALSE;

      g_strstrip (names[i]);
      if (!cs_sort_key_from_string (names[i], &k))
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                       _("unknown sort key “%s”: use pid, comm, cpu, dso, sym or srcline, several "
                         "separated by commas (--sort comm,dso,sym)"), names[i]);
          return FALSE;
        }
      for (guint j = 0; j < n; j++)
        seen = seen || keys[j] == k;
      if (seen)
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                       _("the sort key “%s” is given twice"), names[i]);
          return FALSE;
        }
      keys[n++] = k;
    }
  if (n == 0)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                   _("--sort needs at least one key: pid, comm, cpu, dso, sym or srcline"));
      return FALSE;
    }
  *n_keys = n;
  return TRUE;
}

typedef struct
{
  guint32 v[CS_SORT_MAX_KEYS];
} Tuple;

static guint
tuple_hash (gconstpointer p)
{
  const Tuple *t = p;
  guint h = 17;

  for (guint i = 0; i < CS_SORT_MAX_KEYS; i++)
    h = h * 31 + t->v[i];
  return h;
}

static gboolean
tuple_equal (gconstpointer a,
             gconstpointer b)
{
  return memcmp (a, b, sizeof (Tuple)) == 0;
}

typedef struct
{
  GPtrArray  *lines;      /* CsProfileGroupRow* with file, line, symbol: the srclines */
  GHashTable *line_ids;   /* "file\nline" or "\nsymbol" -> index + 1 */
  GHashTable *comm_ids;   /* comm -> index + 1 */
  GPtrArray  *comms;
} Names;

/* The srcline id of location @k. */
static guint32
line_id (CsProfile *self,
         Names     *names,
         guint      k)
{
  const CsProfileKey *key = &self->table.keys[k];
  const CsLocation *loc = cs_symbolizer_resolve (self->symbolizer, g_ptr_array_index (self->raw_modules, key->module),
                                                 key->offset);
  const CsProfileSymbol *sym = cs_profile_get_symbol (self, self->key_symbol[k]);
  g_autofree char *id = loc->file != NULL ? g_strdup_printf ("%s\n%u", loc->file, loc->line)
                                          : g_strdup_printf ("\n%u", sym->index);
  gpointer v = g_hash_table_lookup (names->line_ids, id);
  CsProfileGroupRow *l;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  l = g_new0 (CsProfileGroupRow, 1);
  l->file = loc->file;
  l->line = loc->file != NULL ? loc->line : 0;
  l->symbol = sym;
  g_ptr_array_add (names->lines, l);
  g_hash_table_insert (names->line_ids, g_steal_pointer (&id), GUINT_TO_POINTER (names->lines->len));
  return names->lines->len - 1;
}

static guint32
comm_id (Names      *names,
         const char *comm)
{
  gpointer v = g_hash_table_lookup (names->comm_ids, comm);

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  g_ptr_array_add (names->comms, (gpointer) comm);
  g_hash_table_insert (names->comm_ids, (gpointer) comm, GUINT_TO_POINTER (names->comms->len));
  return names->comms->len - 1;
}

typedef struct
{
  const CsProfileGroupRow *rows;
  const Tuple             *tuples;
} SortData;

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const SortData *d = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  const CsProfileGroupRow *x = &d->rows[i], *y = &d->rows[j];

  if (x->period != y->period)
    return x->period > y->period ? -1 : 1;
  if (x->samples != y->samples)
    return x->samples > y->samples ? -1 : 1;
  return memcmp (&d->tuples[i], &d->tuples[j], sizeof (Tuple));
}

GArray *
cs_profile_dup_group_table (CsProfile       *self,
                            guint            event,
                            const CsSortKey *keys,
                            guint            n_keys,
                            guint            limit)
{
  const CsProfileSamples *samples;
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (CsProfileGroupRow));
  g_autoptr(GArray) tuples = g_array_new (FALSE, TRUE, sizeof (Tuple));
  g_autoptr(GArray) order = NULL;
  g_autoptr(GHashTable) index = NULL;
  g_autofree Tuple *by_context = NULL;
  g_autofree Tuple *by_location = NULL;
  Names names = { 0 };
  SortData sort;
  GArray *out = g_array_new (FALSE, TRUE, sizeof (CsProfileGroupRow));
  const guint32 *subset;
  guint n;

  g_return_val_if_fail (CS_IS_PROFILE (self), out);
  g_return_val_if_fail (event < self->n_events, out);
  g_return_val_if_fail (n_keys > 0 && n_keys <= CS_SORT_MAX_KEYS, out);

  samples = &self->samples;
  names.lines = g_ptr_array_new_with_free_func (g_free);
  names.line_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  names.comm_ids = g_hash_table_new (NULL, NULL);
  names.comms = g_ptr_array_new ();

  /* Each key's value: per context for the thread's keys, per location for
   * the code's; a key's slot is its place in @keys, the other part 0. */
  by_context = g_new0 (Tuple, MAX (samples->n_contexts, 1));
  by_location = g_new0 (Tuple, MAX (samples->n_locations, 1));
  for (guint x = 0; x < samples->n_contexts; x++)
    {
      const CsProfileThread *t = g_ptr_array_index (self->threads, samples->contexts[x].thread);

      for (guint i = 0; i < n_keys; i++)
        if (keys[i] == CS_SORT_PID)
          by_context[x].v[i] = t->task;
        else if (keys[i] == CS_SORT_COMM)
          by_context[x].v[i] = comm_id (&names, t->comm);
        else if (keys[i] == CS_SORT_CPU)
          by_context[x].v[i] = samples->contexts[x].cpu;
    }
  for (guint k = 0; k < samples->n_locations; k++)
    {
      const CsProfileSymbol *sym;

      if (self->table.keys[k].event != event || self->table.keys[k].samples == 0)
        continue;
      sym = cs_profile_get_symbol (self, self->key_symbol[k]);
      for (guint i = 0; i < n_keys; i++)
        if (keys[i] == CS_SORT_DSO)
          by_location[k].v[i] = sym->module->index;
        else if (keys[i] == CS_SORT_SYM)
          by_location[k].v[i] = sym->index;
        else if (keys[i] == CS_SORT_SRCLINE)
          by_location[k].v[i] = line_id (self, &names, k);
    }

  index = g_hash_table_new_full (tuple_hash, tuple_equal, g_free, NULL);
  subset = cs_profile_get_subset (self, &n);
  for (guint j = 0; j < n; j++)
    {
      guint s = subset != NULL ? subset[j] : j;
      const Tuple *c, *l;
      Tuple t;
      CsProfileGroupRow *row;
      gpointer v;

      if (cs_profile_samples_event (samples, s) != event)
        continue;
      c = &by_context[samples->context[s]];
      l = &by_location[samples->location[s]];
      for (guint i = 0; i < CS_SORT_MAX_KEYS; i++)
        t.v[i] = c->v[i] | l->v[i];
      v = g_hash_table_lookup (index, &t);
      if (v == NULL)
        {
          CsProfileGroupRow fresh = { 0 };
          const CsProfileContext *ctx = &samples->contexts[samples->context[s]];
          const CsProfileThread *th = g_ptr_array_index (self->threads, ctx->thread);
          const CsProfileSymbol *sym = cs_profile_get_symbol (self, self->key_symbol[samples->location[s]]);

          for (guint i = 0; i < n_keys; i++)
            switch (keys[i])
              {
              case CS_SORT_PID:
                fresh.task = g_ptr_array_index (self->tasks, th->task);
                break;
              case CS_SORT_COMM:
                fresh.comm = th->comm;
                break;
              case CS_SORT_CPU:
                fresh.cpu = ctx->cpu;
                break;
              case CS_SORT_DSO:
                fresh.module = sym->module;
                break;
              case CS_SORT_SYM:
                fresh.symbol = sym;
                fresh.module = sym->module;
                break;
              case CS_SORT_SRCLINE:
                {
                  const CsProfileGroupRow *line = g_ptr_array_index (names.lines, t.v[i]);

                  fresh.file = line->file;
                  fresh.line = line->line;
                  if (fresh.symbol == NULL)
                    fresh.symbol = line->symbol;
                }
                break;
              default:
                break;
              }
          g_array_append_val (rows, fresh);
          g_array_append_val (tuples, t);
          v = GUINT_TO_POINTER (rows->len);
          g_hash_table_insert (index, g_memdup2 (&t, sizeof t), v);
        }
      row = &g_array_index (rows, CsProfileGroupRow, GPOINTER_TO_UINT (v) - 1);
      row->samples++;
      row->period += cs_profile_samples_period (samples, s);
    }

  order = g_array_sized_new (FALSE, FALSE, sizeof (guint), rows->len);
  for (guint r = 0; r < rows->len; r++)
    {
      CsProfileGroupRow *row = &g_array_index (rows, CsProfileGroupRow, r);

      row->percent = _cs_profile_percent (self, event, row->period);
      g_array_append_val (order, r);
    }
  sort.rows = (const CsProfileGroupRow *) rows->data;
  sort.tuples = (const Tuple *) tuples->data;
  g_array_sort_with_data (order, compare_rows, &sort);
  for (guint r = 0; r < order->len && (limit == 0 || r < limit); r++)
    g_array_append_val (out, g_array_index (rows, CsProfileGroupRow, g_array_index (order, guint, r)));

  g_ptr_array_unref (names.comms);
  g_hash_table_unref (names.comm_ids);
  g_hash_table_unref (names.line_ids);
  g_ptr_array_unref (names.lines);
  return out;
}

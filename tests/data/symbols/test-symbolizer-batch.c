/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-symbolizer-batch.c — resolving many addresses on a worker thread
 *
 * Every byte of the test library's functions (from nm), each twice and in
 * shuffled order: each unique key is resolved once, progress arrives in
 * the caller's thread and ends at the total, cancellation stops the batch.
 *
 * Arguments (meson passes them): LIBCSSYMTEST.SO
 */
#include "config.h"

#include <stdlib.h>

#include "cs-symbolizer.h"
#include "cs-symtest-util.h"

static const char *lib_path;

typedef struct
{
  GThread   *thread;
  GArray    *reports;      /* guint done */
  guint      total;
  gboolean   wrong_thread;
  gboolean   destroyed;
  GPtrArray *result;
  GError    *error;
  gboolean   finished;
} Run;

static void
on_progress (guint    done,
             guint    total,
             gpointer user_data)
{
  Run *run = user_data;

  if (g_thread_self () != run->thread)
    run->wrong_thread = TRUE;
  run->total = total;
  g_array_append_val (run->reports, done);
}

static void
on_destroy (gpointer user_data)
{
  Run *run = user_data;

  if (g_thread_self () != run->thread)
    run->wrong_thread = TRUE;
  run->destroyed = TRUE;
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Run *run = user_data;

  run->result = cs_symbolizer_resolve_finish (CS_SYMBOLIZER (source), result, &run->error);
  run->finished = TRUE;
}

static GArray *
library_keys (CsModule *module,
              guint    *n_unique)
{
  g_autoptr(GPtrArray) nm = nm_functions (lib_path, FALSE);
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (CsAddressKey));
  GRand *rand = g_rand_new_with_seed (42);

  *n_unique = 0;
  for (guint i = 0; i < nm->len; i++)
    {
      const NmSymbol *s = nm->pdata[i];

      /* Text is mapped at file offset == vaddr in this library (readelf -l). */
      for (guint64 a = s->address; a < s->address + s->size; a++)
        {
          CsAddressKey key = { module, a };

          g_array_append_val (keys, key);
          g_array_append_val (keys, key);
          (*n_unique)++;
        }
    }
  for (guint i = keys->len; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      CsAddressKey tmp = g_array_index (keys, CsAddressKey, i - 1);

      g_array_index (keys, CsAddressKey, i - 1) = g_array_index (keys, CsAddressKey, j);
      g_array_index (keys, CsAddressKey, j) = tmp;
    }
  g_rand_free (rand);
  return keys;
}

static void
test_async (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  CsModule *module = cs_symbolizer_get_module (sym, lib_path, NULL, 0);
  guint n_unique = 0;
  g_autoptr(GArray) keys = library_keys (module, &n_unique);
  g_autoptr(GPtrArray) nm = nm_functions (lib_path, FALSE);
  Run run = { g_thread_self (), g_array_new (FALSE, FALSE, sizeof (guint)) };
  GMainContext *context = g_main_context_default ();

  g_assert_cmpuint (n_unique, >, 1000);
  cs_symbolizer_resolve_async (sym, (const CsAddressKey *) keys->data, keys->len, NULL,
                               on_progress, &run, on_destroy, on_done, &run);
  /* The caller's data is released, in this thread, once the batch and its
   * last progress message are done. */
  while (!run.finished || !run.destroyed)
    g_main_context_iteration (context, TRUE);

  g_assert_no_error (run.error);
  g_assert_nonnull (run.result);
  g_assert_cmpuint (run.result->len, ==, keys->len);

  /* Progress: in this thread, never backwards, ending at the total. */
  g_assert_false (run.wrong_thread);
  g_assert_cmpuint (run.reports->len, >, 1);
  g_assert_cmpuint (run.total, ==, keys->len);
  for (guint i = 1; i < run.reports->len; i++)
    g_assert_cmpuint (g_array_index (run.reports, guint, i), >=,
                      g_array_index (run.reports, guint, i - 1));
  g_assert_cmpuint (g_array_index (run.reports, guint, run.reports->len - 1), ==, keys->len);
  g_assert_true (run.destroyed);

  /* Each key resolved once: every later lookup is the cached location,
   * and duplicate keys share it. The names are nm's. */
  for (guint i = 0; i < keys->len; i++)
    {
      const CsAddressKey *key = &g_array_index (keys, CsAddressKey, i);
      const CsLocation *loc = run.result->pdata[i];

      g_assert_true (cs_symbolizer_resolve (sym, module, key->offset) == loc);
      g_assert_cmphex (loc->offset, ==, key->offset);
      g_assert_false (loc->symbol->unknown);
      g_assert_nonnull (nm_find_alias (nm, loc->symbol->start, loc->symbol->mangled));
      g_assert_cmphex (key->offset - loc->symbol->start, <, loc->symbol->size);
    }

  g_array_unref (run.reports);
  g_ptr_array_unref (run.result);
}

static void
test_sync_and_cancel (void)
{
  g_autoptr(CsSymbolizer) sym = cs_symbolizer_new ();
  CsModule *module = cs_symbolizer_get_module (sym, lib_path, NULL, 0);
  guint n_unique = 0;
  g_autoptr(GArray) keys = library_keys (module, &n_unique);
  g_autofree const CsLocation **locations = g_new0 (const CsLocation *, keys->len);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Run run = { g_thread_self (), g_array_new (FALSE, FALSE, sizeof (guint)) };

  /* Cancelled before it starts: nothing, and the error says so. */
  g_cancellable_cancel (cancellable);
  cs_symbolizer_resolve_async (sym, (const CsAddressKey *) keys->data, keys->len, cancellable,
                               NULL, NULL, NULL, on_done, &run);
  while (!run.finished)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (run.result);
  g_clear_error (&run.error);

  g_assert_false (cs_symbolizer_resolve_many (sym, (const CsAddressKey *) keys->data, keys->len,
                                              locations, cancellable, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_assert_true (cs_symbolizer_resolve_many (sym, (const CsAddressKey *) keys->data, keys->len,
                                             locations, NULL, on_progress, &run, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_array_index (run.reports, guint, run.reports->len - 1), ==, keys->len);
  for (guint i = 0; i < keys->len; i++)
    g_assert_true (locations[i] == cs_symbolizer_resolve (sym, module,
                                                          g_array_index (keys, CsAddressKey,
                                                                         i).offset));
  g_array_unref (run.reports);

  /* An empty batch is fine. */
  g_assert_true (cs_symbolizer_resolve_many (sym, NULL, 0, NULL, NULL, NULL, NULL, &error));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (argc < 2)
    {
      g_printerr ("usage: %s LIBCSSYMTEST.SO\n", argv[0]);
      return 1;
    }
  lib_path = realpath (argv[1], NULL);
  g_assert_nonnull (lib_path);

  g_test_add_func ("/symbolizer-batch/async", test_async);
  g_test_add_func ("/symbolizer-batch/sync-and-cancel", test_sync_and_cancel);

  return g_test_run ();
}

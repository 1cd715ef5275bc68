/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-call-functions.c — the frames of the call stacks as functions
 *
 * Each distinct frame is resolved once, with DWARF (unlike the sampled ips,
 * which need only their symbol for the tables): the inline chain at a
 * return address is what perf expands a frame into. Like perf, the return
 * address itself is looked up, not the call instruction before it.
 *
 * Where a complete stack begins. With frame pointers a stack is complete
 * when the walk reaches the function that started the program or the
 * thread: _start, or clone/clone3 and start_thread for threads; the kernel's
 * own threads start at ret_from_fork, the idle loop at the startup code.
 * Distributions build their C library without frame pointers, so a walk
 * that reaches the library's code stops at the first library function it
 * returns to: __libc_start_call_main (which called main), start_thread
 * (which called the thread's function). Both are complete as far as the
 * program is concerned and count as entries. A stack whose outermost
 * frame is anything else was cut short.
 */
#include "config.h"

#include <string.h>

#include "cs-profile-private.h"

static const char * const entry_names[] = {
  /* programs and threads */
  "_start", "__libc_start_main", "__libc_start_main_impl", "__libc_start_call_main",
  "_dl_start_user", "clone", "__clone", "clone3", "__clone3", "start_thread",
  /* kernel threads, idle loops, entries from user space whose user part
   * was not recorded */
  "ret_from_fork", "ret_from_fork_asm", "kthread", "secondary_startup_64",
  "secondary_startup_64_no_verify", "common_startup_64", "x86_64_start_kernel",
  "start_kernel", "entry_SYSCALL_64", "entry_SYSCALL_64_after_hwframe",
};

static gboolean
is_entry (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (entry_names); i++)
    if (strcmp (name, entry_names[i]) == 0)
      return TRUE;
  return FALSE;
}

void
_cs_call_function_data_free (gpointer data)
{
  CsCallFunctionData *f = data;

  g_free (f->name);
  g_free (f);
}

void
_cs_profile_functions_clear (CsProfile *self)
{
  g_clear_pointer (&self->functions, g_ptr_array_unref);
  g_clear_pointer (&self->function_ids, g_hash_table_unref);
}

/* The function (symbol @si, inlined function @inline_name or NULL), added
 * when new. */
static guint32
function_index (CsProfile  *self,
                guint       si,
                const char *inline_name)
{
  g_autofree char *key = inline_name != NULL ? g_strdup_printf ("%u\1%s", si, inline_name)
                                             : g_strdup_printf ("%u", si);
  gpointer v = g_hash_table_lookup (self->function_ids, key);
  const CsProfileSymbol *sym;
  CsCallFunctionData *f;

  if (v != NULL)
    return GPOINTER_TO_UINT (v) - 1;
  sym = cs_profile_get_symbol (self, si);
  f = g_new0 (CsCallFunctionData, 1);
  f->name = g_strdup (inline_name != NULL ? inline_name : sym->display_name);
  f->public.index = self->functions->len;
  f->public.name = f->name;
  f->public.symbol = sym;
  f->public.module = sym->module;
  f->public.inlined = inline_name != NULL;
  f->public.kernel = sym->module->kind == CS_MODULE_KERNEL;
  f->public.entry = inline_name == NULL && !sym->symbol->unknown && is_entry (sym->symbol->name);
  g_ptr_array_add (self->functions, f);
  g_hash_table_insert (self->function_ids, g_steal_pointer (&key), GUINT_TO_POINTER (self->functions->len));
  return f->public.index;
}

gboolean
_cs_profile_resolve_frames (CsProfile     *self,
                            CsCallStacks  *stacks,
                            GCancellable  *cancellable,
                            GError       **error)
{
  guint n = cs_call_stacks_get_n_frames (stacks);
  g_autofree CsAddressKey *keys = g_new (CsAddressKey, MAX (n, 1));
  g_autofree const CsLocation **locations = g_new0 (const CsLocation *, MAX (n, 1));
  g_autoptr(GArray) functions = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 *starts;

  if (self->functions == NULL)
    {
      self->functions = g_ptr_array_new_with_free_func (_cs_call_function_data_free);
      self->function_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
    }
  for (guint i = 0; i < n; i++)
    {
      const CsCallFrame *f = cs_call_stacks_get_frame (stacks, i);

      keys[i].module = g_ptr_array_index (self->raw_modules, f->module);
      keys[i].offset = f->offset;
    }
  if (!cs_symbolizer_resolve_many (self->symbolizer, keys, n, locations, cancellable, NULL, NULL, error))
    return FALSE;

  starts = g_new (guint32, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const CsLocation *loc = locations[i];
      guint si = _cs_profile_symbol_index (self, loc->symbol, keys[i].module);
      guint32 fi = function_index (self, si, NULL);

      starts[i] = functions->len;
      g_array_append_val (functions, fi);
      /* frames[n_frames - 1] is the emitted function itself; the inlined
       * ones go from the outermost (n_frames - 2) to the innermost (0). */
      for (guint k = loc->n_frames > 1 ? loc->n_frames - 1 : 0; k > 0; k--)
        {
          const CsInlineFrame *inl = &loc->frames[k - 1];
          /* As perf names the frame (lambdas qualified by their closure). */
          fi = function_index (self, si, inl->display_name != NULL ? inl->display_name : inl->name);
          g_array_append_val (functions, fi);
        }
    }
  starts[n] = functions->len;
  cs_call_stacks_set_frame_functions (stacks, starts, (guint32 *) g_array_steal (functions, NULL));
  return TRUE;
}

guint
cs_profile_get_n_functions (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->functions != NULL ? self->functions->len : 0;
}

const CsCallFunction *
cs_profile_get_function (CsProfile *self,
                         guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (self->functions != NULL && index < self->functions->len, NULL);
  return g_ptr_array_index (self->functions, index);
}

const CsCallFunction *
cs_profile_find_function (CsProfile             *self,
                          const CsProfileSymbol *symbol)
{
  g_autofree char *key = NULL;
  gpointer v;

  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (symbol != NULL, NULL);
  if (self->functions == NULL)
    return NULL;
  key = g_strdup_printf ("%u", symbol->index);
  v = g_hash_table_lookup (self->function_ids, key);
  return v != NULL ? g_ptr_array_index (self->functions, GPOINTER_TO_UINT (v) - 1) : NULL;
}

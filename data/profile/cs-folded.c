/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-folded.c — folded stacks from the kept samples
 *
 * Samples are first counted per (thread name, stack node); only those
 * distinct pairs are spelled out, and lines that read the same (two stacks
 * whose addresses differ but whose functions do not) are added up.
 */
#include "config.h"

#include <string.h>

#include "cs-call-function.h"
#include "cs-folded.h"
#include "cs-profile-samples.h"

char *
cs_folded_tidy_name (const char *name)
{
  GString *s = g_string_new (NULL);
  gboolean go_method = FALSE;
  const char *open;

  /* "net/http.(*Client).Do" keeps its parentheses */
  open = strstr (name, ".(");
  if (open != NULL && strstr (open + 2, ").") != NULL)
    go_method = TRUE;
  for (const char *p = name; *p != '\0'; p++)
    {
      if (*p == '(' && !go_method && !g_str_has_prefix (p, "(anonymous namespace)"))
        break;
      if (*p == '"' || *p == '\'')
        continue;
      g_string_append_c (s, *p == ';' ? ':' : *p);
    }
  return g_string_free (s, FALSE);
}

/* A function's part of a line, suffix included. */
static void
append_function (GString              *line,
                 const CsCallFunction *f)
{
  const char *module = f->module->name;
  g_autofree char *tidy = NULL;

  if (f->symbol->symbol->unknown && !f->inlined)
    {
      /* perf script prints "[unknown]", which the script replaces by the
       * module's file name */
      const char *base = strrchr (module, '/');
      g_autofree char *bracketed = g_strdup_printf ("[%s]", g_str_equal (module, "[unknown]") ? "unknown"
                                                           : base != NULL ? base + 1 : module);

      tidy = cs_folded_tidy_name (bracketed);
    }
  else
    tidy = cs_folded_tidy_name (f->name);
  g_string_append (line, tidy);
  if (f->inlined)
    g_string_append (line, "_[i]");
  else if ((module[0] == '[' || g_str_has_suffix (module, "vmlinux")) && strstr (module, "unknown") == NULL)
    g_string_append (line, "_[k]");
}

typedef struct
{
  const char *comm;
  guint32     node;
} Key;

static guint
key_hash (gconstpointer p)
{
  const Key *k = p;

  return g_direct_hash (k->comm) * 31u + k->node;
}

static gboolean
key_equal (gconstpointer a,
           gconstpointer b)
{
  const Key *x = a, *y = b;

  return x->comm == y->comm && x->node == y->node;
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GString *
cs_folded_stacks_build (CsProfile          *profile,
                        const CsCallStacks *stacks,
                        const guint32      *sample_stacks,
                        const guint32      *subset,
                        guint               n_subset,
                        guint               event)
{
  const CsProfileSamples *samples = cs_profile_get_samples (profile);
  g_autoptr(GHashTable) counts = g_hash_table_new_full (key_hash, key_equal, g_free, g_free);
  g_autoptr(GHashTable) lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GPtrArray) sorted = NULL;
  GString *out = g_string_new (NULL);
  guint n;
  GHashTableIter iter;
  gpointer k, v;

  /* no subset: the profile's samples (a filtered profile's selection) */
  if (subset == NULL)
    subset = cs_profile_get_subset (profile, &n_subset);
  n = subset != NULL ? n_subset : samples->n;
  for (guint i = 0; i < n; i++)
    {
      guint s = subset != NULL ? subset[i] : i;
      Key key;
      guint64 *count;

      if (s >= samples->n || cs_profile_samples_event (samples, s) != event)
        continue;
      key.comm = cs_profile_get_thread (profile, cs_profile_samples_thread (samples, s))->comm;
      key.node = sample_stacks[s];
      count = g_hash_table_lookup (counts, &key);
      if (count == NULL)
        {
          count = g_new0 (guint64, 1);
          g_hash_table_insert (counts, g_memdup2 (&key, sizeof key), count);
        }
      (*count)++;
    }

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &k, &v))
    {
      const Key *key = k;
      GString *line = g_string_new (key->comm);
      guint64 *sum;

      g_strdelimit (line->str, " ", '_');
      g_array_set_size (path, 0);
      for (guint32 node = key->node; node != 0; node = cs_call_stacks_get_node (stacks, node)->caller)
        g_array_append_val (path, node);
      for (guint i = path->len; i > 0; i--)
        {
          const CsCallStackNode *sn = cs_call_stacks_get_node (stacks, g_array_index (path, guint32, i - 1));
          guint n_fns;
          const guint32 *fns = cs_call_stacks_get_frame_functions (stacks, sn->frame, &n_fns);

          for (guint f = 0; f < n_fns; f++)
            {
              g_string_append_c (line, ';');
              append_function (line, cs_profile_get_function (profile, fns[f]));
            }
        }
      sum = g_hash_table_lookup (lines, line->str);
      if (sum == NULL)
        {
          sum = g_new0 (guint64, 1);
          g_hash_table_insert (lines, g_string_free (line, FALSE), sum);
        }
      else
        g_string_free (line, TRUE);
      *sum += *(guint64 *) v;
    }

  sorted = g_ptr_array_sized_new (g_hash_table_size (lines));
  g_hash_table_iter_init (&iter, lines);
  while (g_hash_table_iter_next (&iter, &k, NULL))
    g_ptr_array_add (sorted, k);
  g_ptr_array_sort (sorted, compare_lines);
  for (guint i = 0; i < sorted->len; i++)
    g_string_append_printf (out, "%s %" G_GUINT64_FORMAT "\n", (const char *) sorted->pdata[i],
                            *(guint64 *) g_hash_table_lookup (lines, sorted->pdata[i]));
  return out;
}

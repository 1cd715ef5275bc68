/* cs-memory-format.c — see cs-memory-format.h */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-memory-format.h"

/* Numbers are formatted before they go into a translated message: a
 * G_GUINT64_FORMAT inside a msgid would not survive translation. */
char *
cs_memory_format_count (guint64 v)
{
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, v);
}

char *
cs_memory_format_address (guint64 address)
{
  return g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", address);
}

char *
cs_memory_format_counts (guint64 samples,
                         guint64 loads,
                         guint64 stores)
{
  g_autofree char *s = cs_memory_format_count (samples);
  g_autofree char *l = cs_memory_format_count (loads);
  g_autofree char *w = cs_memory_format_count (stores);

  /* TRANSLATORS: sample counts of a cacheline, a thread or an instruction */
  return g_strdup_printf (_("%s samples · %s loads · %s stores"), s, l, w);
}

char *
cs_memory_format_bytes (guint64 mask)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < CS_MEMORY_LINE_SIZE; i++)
    {
      guint j = i;

      if (!(mask & (G_GUINT64_CONSTANT (1) << i)))
        continue;
      while (j + 1 < CS_MEMORY_LINE_SIZE && (mask & (G_GUINT64_CONSTANT (1) << (j + 1))))
        j++;
      if (s->len > 0)
        g_string_append (s, ", ");
      if (j > i)
        g_string_append_printf (s, "%u–%u", i, j);
      else
        g_string_append_printf (s, "%u", i);
      i = j;
    }
  return g_string_free (s, FALSE);
}

char *
cs_memory_format_threads (const CsMemoryLine *line)
{
  GString *s = g_string_new (NULL);

  for (guint t = 0; t < line->n_threads; t++)
    {
      g_autofree char *bytes = cs_memory_format_bytes (line->threads[t].bytes);

      g_string_append_printf (s, "%s%u: %s", t > 0 ? "; " : "", line->threads[t].tid, bytes);
    }
  return g_string_free (s, FALSE);
}

char *
cs_memory_format_top_ip (const CsMemoryLine *line)
{
  const CsMemoryIp *ip;

  if (line->n_ips == 0)
    return g_strdup ("—");
  ip = &line->ips[0];
  if (ip->module != NULL)
    return g_strdup_printf ("%s (%s)", ip->symbol, cs_module_get_name (ip->module));
  return g_strdup (ip->symbol);
}

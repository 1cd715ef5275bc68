/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-format.c — see cs-memory-format.h */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-format.h"
#include "cs-memory-format.h"

/* Numbers are formatted before they go into a translated message: a
 * G_GUINT64_FORMAT inside a msgid would not survive translation. The
 * grouping is the charts' and the module table's, so a count reads the
 * same on every page. */
char *
cs_memory_format_count (guint64 v)
{
  return cs_chart_format_grouped ((double) v, 0);
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
cs_memory_format_thread (const CsMemoryThread *thread)
{
  return g_strdup_printf ("%u/%u", thread->pid, thread->tid);
}

char *
cs_memory_format_threads (const CsMemoryLine *line)
{
  GString *s = g_string_new (NULL);

  for (guint t = 0; t < line->n_threads; t++)
    {
      g_autofree char *bytes = cs_memory_format_bytes (line->threads[t].bytes);
      g_autofree char *who = cs_memory_format_thread (&line->threads[t]);

      g_string_append_printf (s, "%s%s: %s", t > 0 ? "; " : "", who, bytes);
    }
  return g_string_free (s, FALSE);
}

/* "+0x40", or nothing for 0. */
static char *
plus (guint64 offset)
{
  return offset > 0 ? g_strdup_printf ("+0x%" G_GINT64_MODIFIER "x", offset) : g_strdup ("");
}

char *
cs_memory_format_region (const CsMemoryLine *line)
{
  const CsMemoryRegion *r = &line->region;
  g_autofree char *off = plus (r->offset);

  switch (r->kind)
    {
    case CS_MEMORY_REGION_MODULE:
      {
        const char *module = r->module != NULL ? cs_module_get_name (r->module) : "?";

        if (r->symbol != NULL)
          {
            g_autofree char *sym_off = plus (r->symbol_offset);

            return g_strdup_printf ("%s%s (%s)", r->symbol, sym_off, module);
          }
        return g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x", module, r->elf_address);
      }
    case CS_MEMORY_REGION_HEAP:
      return g_strdup_printf ("[heap]%s", off);
    case CS_MEMORY_REGION_STACK:
      /* TRANSLATORS: what holds a cacheline: the stack of a thread id */
      return g_strdup_printf (_("stack of thread %u"), r->tid);
    case CS_MEMORY_REGION_SHARED_ANONYMOUS:
      /* TRANSLATORS: what holds a cacheline: MAP_SHARED|MAP_ANONYMOUS memory, then "+0x40" */
      return g_strdup_printf (_("shared anonymous memory%s"), off);
    case CS_MEMORY_REGION_FILE:
      return g_strdup_printf ("%s%s", r->mapping, off);
    case CS_MEMORY_REGION_ANONYMOUS:
      /* TRANSLATORS: what holds a cacheline: private anonymous memory (mmap), then "+0x40" */
      return g_strdup_printf (_("anonymous memory%s"), off);
    case CS_MEMORY_REGION_UNKNOWN:
    default:
      return g_strdup ("—");
    }
}

const char *
cs_memory_format_sharing (const CsMemoryLine *line)
{
  if (line->false_sharing && line->true_sharing)
    return _("False and true sharing");
  if (line->false_sharing)
    return _("False sharing");
  if (line->true_sharing)
    return _("True sharing");
  return "";
}

char *
cs_memory_format_ip (const CsMemoryIp *ip)
{
  if (ip->module != NULL)
    return g_strdup_printf ("%s (%s)", ip->symbol, cs_module_get_name (ip->module));
  return g_strdup (ip->symbol);
}

char *
cs_memory_format_top_ip (const CsMemoryLine *line)
{
  return line->n_ips > 0 ? cs_memory_format_ip (&line->ips[0]) : g_strdup ("—");
}

char *
cs_memory_format_finding (CsMemoryProfile *profile)
{
  const CsMemoryLine *first = NULL;
  guint n_candidates = 0;
  g_autofree char *address = NULL;
  g_autofree char *samples = NULL;
  g_autofree char *threads = NULL;
  char *text;

  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);

      if (!line->false_sharing)
        continue;
      /* Lines are sorted by samples: the first candidate is the hottest. */
      if (first == NULL)
        first = line;
      n_candidates++;
    }
  if (first == NULL)
    return NULL;
  address = cs_memory_format_address (first->address);
  samples = cs_memory_format_count (first->samples);
  threads = cs_memory_format_threads (first);
  /* TRANSLATORS: a cacheline's address, then which bytes each thread
   * touched ("6697: 0–7; 6698: 8–15"), then a number of samples */
  text = g_strdup_printf (_("Likely false sharing: threads touch different bytes of cacheline %s "
                            "(%s) and at least one writes (%s samples). Padding the data apart "
                            "usually fixes it."),
                          address, threads, samples);
  if (n_candidates > 1)
    {
      char *more = g_strdup_printf (ngettext ("%s (%u more candidate on the Memory page.)",
                                              "%s (%u more candidates on the Memory page.)",
                                              n_candidates - 1),
                                    text, n_candidates - 1);
      g_free (text);
      text = more;
    }
  return text;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-watch.c — which words of which line to watch, and where they are in a new run
 *
 * A line is found again by what holds it, never by its address (ASLR moves
 * everything): a module's data by the module's file and the line's ELF
 * address, which the new run's mapping of that file relates to an address
 * (its load segments give the ELF address of the mapped file offset); a
 * mapped file by its path and file offset. The heap, stacks and anonymous
 * memory have no name that survives a run.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/mman.h>

#include "cs-error.h"
#include "cs-memory-elf.h"
#include "cs-memory-watch.h"

void
cs_memory_watch_target_free (CsMemoryWatchTarget *target)
{
  if (target == NULL)
    return;
  g_free (target->module_path);
  g_free (target->mapping);
  g_free (target->description);
  g_free (target);
}

/* Up to four 8-byte words of the line, the most sampled first: words no
 * sample touched are left out unless @at (a byte offset, or -1) names one. */
static void
pick_words (CsMemoryWatchTarget *target,
            const CsMemoryLine  *line,
            int                  at)
{
  guint64 per_word[CS_MEMORY_LINE_SIZE / CS_MEMORY_WATCH_WORD] = { 0, };
  gboolean taken[CS_MEMORY_LINE_SIZE / CS_MEMORY_WATCH_WORD] = { FALSE, };

  for (guint b = 0; line != NULL && b < CS_MEMORY_LINE_SIZE; b++)
    per_word[b / CS_MEMORY_WATCH_WORD] += line->offsets[b];
  if (at >= 0)
    {
      target->words[target->n_words] = (guint) at & ~(CS_MEMORY_WATCH_WORD - 1);
      target->word_samples[target->n_words++] = per_word[at / CS_MEMORY_WATCH_WORD];
      taken[at / CS_MEMORY_WATCH_WORD] = TRUE;
    }
  while (target->n_words < CS_MEMORY_WATCH_MAX_WORDS)
    {
      int best = -1;

      for (guint w = 0; w < G_N_ELEMENTS (per_word); w++)
        if (!taken[w] && per_word[w] > 0 && (best < 0 || per_word[w] > per_word[best]))
          best = (int) w;
      if (best < 0)
        break;
      taken[best] = TRUE;
      target->words[target->n_words] = (guint) best * CS_MEMORY_WATCH_WORD;
      target->word_samples[target->n_words++] = per_word[best];
    }
}

static char *
describe_module (const char *name,
                 const char *symbol,
                 guint64     symbol_offset,
                 guint64     elf_address)
{
  if (symbol == NULL)
    return g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x", name, elf_address);
  if (symbol_offset == 0)
    return g_strdup_printf ("%s (%s)", symbol, name);
  return g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x (%s)", symbol, symbol_offset, name);
}

CsMemoryWatchTarget *
cs_memory_watch_target_for_line (CsMemoryProfile    *profile,
                                 const CsMemoryLine *line,
                                 GError            **error)
{
  g_autoptr(CsMemoryWatchTarget) target = g_new0 (CsMemoryWatchTarget, 1);
  const CsMemoryRegion *r = &line->region;

  target->kind = r->kind;
  target->line = line;
  switch (r->kind)
    {
    case CS_MEMORY_REGION_MODULE:
      target->module_path = g_strdup (cs_module_get_path (r->module));
      target->elf_address = r->elf_address;
      target->description = describe_module (cs_module_get_name (r->module), r->symbol, r->symbol_offset,
                                             r->elf_address);
      break;
    case CS_MEMORY_REGION_FILE:
    case CS_MEMORY_REGION_SHARED_ANONYMOUS:
      target->mapping = g_strdup (r->mapping);
      target->offset = r->offset;
      target->description = g_strdup_printf ("%s+0x%" G_GINT64_MODIFIER "x", r->mapping, r->offset);
      break;
    case CS_MEMORY_REGION_HEAP:
    case CS_MEMORY_REGION_STACK:
    case CS_MEMORY_REGION_ANONYMOUS:
    case CS_MEMORY_REGION_UNKNOWN:
    default:
      {
        g_autofree char *address = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", line->address);

        /* The address is preformatted: a G_GINT64_MODIFIER in the message
         * would not survive translation. */
        g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_UNSUPPORTED,
                     _("Cacheline %s lies in %s, whose place changes from run to run: it cannot be "
                       "found again to be watched. Lines in a program’s or a library’s global and "
                       "static variables can, and lines in files it maps."),
                     address,
                     r->kind == CS_MEMORY_REGION_HEAP ? _("the heap")
                     : r->kind == CS_MEMORY_REGION_STACK ? _("a thread’s stack")
                     : r->kind == CS_MEMORY_REGION_ANONYMOUS ? _("anonymous memory")
                     : _("memory no recorded mapping names (record with “cyclescope record --regs”)"));
        return NULL;
      }
    }
  pick_words (target, line, -1);
  if (target->n_words == 0)
    pick_words (target, NULL, 0);
  return g_steal_pointer (&target);
}

/* The lines of the profile with a sharing verdict first, then the rest:
 * what "line" stands for. */
static const CsMemoryLine *
default_line (CsMemoryProfile *profile)
{
  guint n = cs_memory_profile_get_n_lines (profile);

  for (guint i = 0; i < n; i++)
    if (cs_memory_profile_get_line (profile, i)->sharing != CS_MEMORY_SHARING_NONE)
      return cs_memory_profile_get_line (profile, i);
  return n > 0 ? cs_memory_profile_get_line (profile, 0) : NULL;
}

/* A data symbol "NAME[+OFFSET]" in one of the modules the profile's lines
 * are in or its instructions come from. */
static CsMemoryWatchTarget *
target_for_symbol (CsMemoryProfile  *profile,
                   const char       *spec,
                   GError          **error)
{
  g_autofree char *name = g_strdup (spec);
  char *plus = strchr (name, '+');
  guint64 offset = 0;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  if (plus != NULL)
    {
      char *end = NULL;

      *plus = '\0';
      offset = g_ascii_strtoull (plus + 1, &end, 0);
      if (end == plus + 1 || *end != '\0')
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                       _("“%s” is no SYMBOL+OFFSET: the offset must be a number (decimal or 0x…)"), spec);
          return NULL;
        }
    }
  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    {
      const CsMemoryLine *line = cs_memory_profile_get_line (profile, i);
      CsModule *modules[1 + CS_MEMORY_LINE_MAX_IPS];
      guint n = 0;

      if (line->region.kind == CS_MEMORY_REGION_MODULE)
        modules[n++] = line->region.module;
      for (guint k = 0; k < line->n_ips; k++)
        if (line->ips[k].module != NULL)
          modules[n++] = line->ips[k].module;
      for (guint m = 0; m < n; m++)
        {
          g_autoptr(CsMemoryElf) elf = NULL;
          guint64 address = 0, size = 0;
          CsMemoryWatchTarget *target;

          if (!g_hash_table_add (seen, modules[m]) || cs_module_get_kind (modules[m]) != CS_MODULE_FILE ||
              !(elf = _cs_memory_elf_open (cs_module_get_path (modules[m]))) ||
              !_cs_memory_elf_find_object (elf, name, &address, &size))
            continue;
          if (size > 0 && offset >= size)
            {
              g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT, size);
              g_autofree char *o = g_strdup_printf ("%" G_GUINT64_FORMAT, offset);

              g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                           _("%s has %s bytes in %s: offset %s is past its end"), name, bytes,
                           cs_module_get_name (modules[m]), o);
              return NULL;
            }
          target = g_new0 (CsMemoryWatchTarget, 1);
          target->kind = CS_MEMORY_REGION_MODULE;
          target->module_path = g_strdup (cs_module_get_path (modules[m]));
          target->elf_address = (address + offset) & ~(guint64) (CS_MEMORY_LINE_SIZE - 1);
          target->description = describe_module (cs_module_get_name (modules[m]), name, offset, 0);
          /* The recording's samples on that line, when there are any. */
          for (guint j = 0; j < cs_memory_profile_get_n_lines (profile); j++)
            {
              const CsMemoryLine *l = cs_memory_profile_get_line (profile, j);

              if (l->region.kind == CS_MEMORY_REGION_MODULE && l->region.module == modules[m] &&
                  l->region.elf_address == target->elf_address)
                target->line = l;
            }
          pick_words (target, target->line, (int) ((address + offset) & (CS_MEMORY_LINE_SIZE - 1)));
          return target;
        }
    }
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
               _("No line, address or data symbol “%s” in this recording: give “line”, an address "
                 "from “cyclescope report --memory”, or a global or static variable of the program "
                 "(its ELF symbol, optionally +OFFSET)"), name);
  return NULL;
}

CsMemoryWatchTarget *
cs_memory_watch_target_parse (CsMemoryProfile  *profile,
                              const char       *spec,
                              GError          **error)
{
  const CsMemoryLine *line = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  if (g_str_equal (spec, "line"))
    line = default_line (profile);
  else if (g_str_has_prefix (spec, "0x") || g_ascii_isdigit (spec[0]))
    {
      char *end = NULL;
      guint64 address = g_ascii_strtoull (spec, &end, 0);

      /* Lines are sorted by samples: the busiest process's line first. */
      for (guint i = 0; *end == '\0' && line == NULL && i < cs_memory_profile_get_n_lines (profile); i++)
        {
          const CsMemoryLine *l = cs_memory_profile_get_line (profile, i);

          if (address >= l->address && address < l->address + CS_MEMORY_LINE_SIZE)
            line = l;
        }
      if (line == NULL)
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                       _("No sampled access touched the cacheline of %s: use “line”, an address from "
                         "“cyclescope report --memory”, or a data symbol"), spec);
          return NULL;
        }
    }
  else
    return target_for_symbol (profile, spec, error);
  if (line == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("This recording has no cachelines to watch: record with “cyclescope record --regs”"));
      return NULL;
    }
  return cs_memory_watch_target_for_line (profile, line, error);
}

gboolean
cs_memory_watch_target_locate (const CsMemoryWatchTarget *target,
                               CsAddressSpace            *maps,
                               guint32                    pid,
                               guint64                   *addresses,
                               GError                   **error)
{
  g_autoptr(GPtrArray) mappings = cs_address_space_dup_mappings (maps, (gint32) pid);
  g_autoptr(CsMemoryElf) elf = NULL;
  guint64 line = 0;
  gboolean found = FALSE;

  if (target->kind == CS_MEMORY_REGION_MODULE && !(elf = _cs_memory_elf_open (target->module_path)))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   _("Cannot read %s, which holds the line: is it still there?"), target->module_path);
      return FALSE;
    }
  for (guint i = 0; i < mappings->len && !found; i++)
    {
      const CsMapping *m = g_ptr_array_index (mappings, i);
      guint64 start;

      if (target->kind == CS_MEMORY_REGION_MODULE)
        {
          /* Any mapping of the file gives the module's load bias. */
          if (strcmp (m->filename, target->module_path) != 0 ||
              !_cs_memory_elf_offset_to_address (elf, m->pgoff, &start))
            continue;
          line = m->start - start + target->elf_address;
          found = TRUE;
        }
      else if (strcmp (m->filename, target->mapping) == 0 && target->offset >= m->pgoff &&
               target->offset < m->pgoff + (m->end - m->start))
        {
          line = m->start + (target->offset - m->pgoff);
          found = TRUE;
        }
    }
  if (!found)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                   target->kind == CS_MEMORY_REGION_MODULE
                   ? _("%s is not mapped when the program starts (a library it loads later with "
                       "dlopen?): the line cannot be located in time to be watched")
                   : _("%s is not mapped when the program starts (the program maps it while it runs): "
                       "the line cannot be located in time to be watched"),
                   target->kind == CS_MEMORY_REGION_MODULE ? target->module_path : target->mapping);
      return FALSE;
    }
  for (guint k = 0; k < target->n_words; k++)
    addresses[k] = line + target->words[k];
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-detail.c — source line and instruction tables
 *
 * Built from the keys a symbol owns, when first asked for (the viewer opens
 * one symbol at a time; building every symbol's tables up front would cost
 * a disassembly per sampled function). The instruction table links the two
 * views: each instruction carries its source line.
 */
#include "config.h"

#include <capstone/capstone.h>
#include <string.h>

#include "cs-profile-private.h"

/* The location of key @k with its source line: keys are resolved to
 * symbols only while loading; this completes the same location. */
static const CsLocation *
key_source (CsProfile *self,
            guint      k)
{
  const CsProfileKey *key = &self->table.keys[k];

  return cs_symbolizer_resolve (self->symbolizer,
                                g_ptr_array_index (self->raw_modules, key->module), key->offset);
}

/* Builds the rows of one (event, symbol, region) table; @s is the
 * symbol's data; @region CS_PROFILE_ALL_REGIONS for all of them. */
typedef GArray *(*BuildTable) (CsProfile                 *self,
                               guint                      event,
                               const CsProfileSymbol     *symbol,
                               const CsProfileSymbolData *s,
                               guint                      region);

/* Line and instruction tables are built once per (event, symbol, region),
 * under the cache lock so that two panes asking at once do not both build
 * it. */
static const GArray *
cached_table (CsProfile             *self,
              GHashTable            *cache,
              guint                  event,
              const CsProfileSymbol *symbol,
              guint                  region,
              BuildTable             build)
{
  g_autofree char *key = NULL;
  GArray *rows;

  g_return_val_if_fail (event < self->n_events, NULL);
  g_return_val_if_fail (symbol != NULL && symbol->index < self->symbols->len, NULL);

  key = g_strdup_printf ("%u:%u:%u", event, symbol->index, region);
  g_mutex_lock (&self->cache_lock);
  rows = g_hash_table_lookup (cache, key);
  if (rows == NULL)
    {
      rows = build (self, event, symbol, g_ptr_array_index (self->symbols, symbol->index), region);
      g_hash_table_insert (cache, g_steal_pointer (&key), rows);
    }
  g_mutex_unlock (&self->cache_lock);
  return rows;
}

static inline gboolean
key_in (CsProfile *self,
        guint      k,
        guint      event,
        guint      region)
{
  const CsProfileKey *key = &self->table.keys[k];

  return key->event == event && (region == CS_PROFILE_ALL_REGIONS || key->region == region);
}

/* @period as a percentage of the symbol's period of @event (in @region). */
static double
symbol_share (CsProfile                 *self,
              const CsProfileSymbolData *s,
              guint                      event,
              guint                      region,
              guint64                    period)
{
  guint64 total = 0;

  if (region == CS_PROFILE_ALL_REGIONS)
    total = s->period[event];
  else
    for (guint i = 0; i < s->keys->len; i++)
      {
        guint k = g_array_index (s->keys, guint, i);

        if (key_in (self, k, event, region))
          total += self->table.keys[k].period;
      }
  return total > 0 ? 100.0 * (double) period / (double) total : 0;
}

static int
compare_lines_by_place (gconstpointer a,
                        gconstpointer b)
{
  const CsProfileLineRow *ra = a, *rb = b;
  int c = g_strcmp0 (ra->file, rb->file);

  if (c != 0)
    return c;
  if (ra->line != rb->line)
    return ra->line < rb->line ? -1 : 1;
  return g_strcmp0 (ra->inline_name, rb->inline_name);
}

static int
compare_lines_by_period (gconstpointer a,
                         gconstpointer b)
{
  const CsProfileLineRow *ra = a, *rb = b;

  if (ra->period != rb->period)
    return ra->period > rb->period ? -1 : 1;
  if (ra->samples != rb->samples)
    return ra->samples > rb->samples ? -1 : 1;
  return compare_lines_by_place (a, b);
}

/* Adds key @k to the row of its line in @rows (indexed by @index); keys
 * without a line get one row per symbol. */
static void
add_key_to_lines (CsProfile   *self,
                  guint        k,
                  GHashTable  *index,
                  GArray      *rows,
                  gboolean     keep_inline)
{
  const CsProfileKey *key = &self->table.keys[k];
  const CsLocation *loc = key_source (self, k);
  const CsProfileSymbol *sym = cs_profile_get_symbol (self, self->key_symbol[k]);
  const char *inline_name = keep_inline ? cs_location_get_inline_name (loc) : NULL;
  g_autofree char *id = NULL;
  gpointer v;
  CsProfileLineRow *row;

  if (loc->file != NULL)
    id = g_strdup_printf ("%s\n%u\n%s", loc->file, loc->line, inline_name ? inline_name : "");
  else
    id = g_strdup_printf ("\n%u", sym->index);
  v = g_hash_table_lookup (index, id);
  if (v == NULL)
    {
      CsProfileLineRow fresh = { loc->file, loc->file != NULL ? loc->line : 0, inline_name, sym, 0, 0, 0, 0 };

      g_array_append_val (rows, fresh);
      g_hash_table_insert (index, g_steal_pointer (&id), GUINT_TO_POINTER (rows->len));
      row = &g_array_index (rows, CsProfileLineRow, rows->len - 1);
    }
  else
    row = &g_array_index (rows, CsProfileLineRow, GPOINTER_TO_UINT (v) - 1);
  row->samples += key->samples;
  row->period += key->period;
}

static GArray *
build_line_table (CsProfile                 *self,
                  guint                      event,
                  const CsProfileSymbol     *symbol,
                  const CsProfileSymbolData *s,
                  guint                      region)
{
  g_autoptr(GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileLineRow));

  for (guint i = 0; i < s->keys->len; i++)
    {
      guint k = g_array_index (s->keys, guint, i);

      if (key_in (self, k, event, region))
        add_key_to_lines (self, k, index, rows, TRUE);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      CsProfileLineRow *r = &g_array_index (rows, CsProfileLineRow, i);

      r->percent = _cs_profile_percent (self, event, r->period);
      r->symbol_percent = symbol_share (self, s, event, region, r->period);
    }
  g_array_sort (rows, compare_lines_by_place);
  return rows;
}

const GArray *
cs_profile_get_line_table (CsProfile             *self,
                           guint                  event,
                           const CsProfileSymbol *symbol)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return cached_table (self, self->line_cache, event, symbol, CS_PROFILE_ALL_REGIONS, build_line_table);
}

const GArray *
cs_profile_get_region_line_table (CsProfile             *self,
                                  guint                  event,
                                  const CsProfileSymbol *symbol,
                                  guint                  region)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return cached_table (self, self->line_cache, event, symbol, region, build_line_table);
}

GArray *
cs_profile_dup_srcline_table (CsProfile *self,
                              guint      event,
                              guint      limit)
{
  g_autoptr(GHashTable) index = NULL;
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileLineRow));

  g_return_val_if_fail (CS_IS_PROFILE (self), rows);
  g_return_val_if_fail (event < self->n_events, rows);

  index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint k = 0; k < self->table.n_keys; k++)
    if (self->table.keys[k].event == event)
      add_key_to_lines (self, k, index, rows, FALSE);
  for (guint i = 0; i < rows->len; i++)
    {
      CsProfileLineRow *r = &g_array_index (rows, CsProfileLineRow, i);

      r->percent = _cs_profile_percent (self, event, r->period);
      /* Rows of one line may span several symbols; @symbol is only a hint. */
      r->symbol_percent = 0;
    }
  g_array_sort (rows, compare_lines_by_period);
  if (limit > 0 && rows->len > limit)
    g_array_set_size (rows, limit);
  return rows;
}

void
_cs_profile_free_insn_table (gpointer table)
{
  GArray *rows = table;

  for (guint i = 0; i < rows->len; i++)
    g_free (g_array_index (rows, CsProfileInsnRow, i).text);
  g_array_unref (rows);
}

static gboolean
open_capstone (const char *arch,
               csh        *handle)
{
  cs_arch a = CS_ARCH_X86;
  cs_mode m = CS_MODE_64;

  if (arch != NULL && (g_str_equal (arch, "aarch64") || g_str_equal (arch, "arm64")))
    {
      a = CS_ARCH_ARM64;
      m = CS_MODE_ARM;
    }
  else if (arch != NULL && (g_str_equal (arch, "i386") || g_str_equal (arch, "i686") ||
                            g_str_equal (arch, "x86")))
    m = CS_MODE_32;
  else if (arch != NULL && !g_str_equal (arch, "x86_64"))
    return FALSE;
  return cs_open (a, m, handle) == CS_ERR_OK;
}

static int
compare_insn_rows (gconstpointer a,
                   gconstpointer b)
{
  const CsProfileInsnRow *ra = a, *rb = b;

  if (ra->address != rb->address)
    return ra->address < rb->address ? -1 : 1;
  return 0;
}

/* Disassembles @bytes (the symbol's code at @start) into rows; @delta turns
 * an address into the symbolizer's key (offset = address - delta). */
static void
disassemble (CsProfile   *self,
             CsModule    *module,
             GBytes      *bytes,
             guint64      start,
             guint64      delta,
             GArray      *rows)
{
  gsize len = 0;
  const guint8 *code = g_bytes_get_data (bytes, &len);
  csh handle;
  cs_insn *insn = NULL;
  size_t n;

  if (!open_capstone (self->arch, &handle))
    return;
  /* Skip what cannot be decoded (padding, data in code) a byte at a time
   * instead of stopping there. */
  while (len > 0)
    {
      n = cs_disasm (handle, code, len, start, 0, &insn);
      for (size_t i = 0; i < n; i++)
        {
          CsProfileInsnRow row = { 0 };
          const CsLocation *loc;

          row.address = insn[i].address;
          row.offset = insn[i].address - delta;
          row.size = insn[i].size;
          row.text = insn[i].op_str[0] != '\0'
                     ? g_strdup_printf ("%s %s", insn[i].mnemonic, insn[i].op_str)
                     : g_strdup (insn[i].mnemonic);
          loc = cs_symbolizer_resolve (self->symbolizer, module, row.offset);
          if (loc != NULL)
            {
              row.file = loc->file;
              row.line = loc->line;
            }
          g_array_append_val (rows, row);
        }
      if (n > 0)
        {
          guint64 used = insn[n - 1].address + insn[n - 1].size - start;

          cs_free (insn, n);
          code += used;
          len -= used;
          start += used;
        }
      if (len > 0)
        {
          code++;
          len--;
          start++;
        }
    }
  cs_close (&handle);
}

static GArray *
build_insn_table (CsProfile                 *self,
                  guint                      event,
                  const CsProfileSymbol     *symbol,
                  const CsProfileSymbolData *s,
                  guint                      region)
{
  g_autoptr(GHashTable) by_offset = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const CsSymbol *sym = symbol->symbol;
  CsModule *module = symbol->module->module;
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CsProfileInsnRow));
  guint64 delta = 0;

  /* Any key of the symbol tells how its addresses map to file offsets: a
   * function lies in one segment. */
  if (s->keys->len > 0)
    {
      const CsLocation *loc = self->locations[g_array_index (s->keys, guint, 0)];

      delta = loc->address - loc->offset;
    }
  if (!sym->unknown && sym->size > 0 && symbol->module->kind == CS_MODULE_FILE)
    bytes = cs_symbolizer_read_bytes (self->symbolizer, module, sym->start, sym->size, NULL);
  if (bytes != NULL)
    disassemble (self, module, bytes, sym->start, delta, rows);

  /* Samples per address; an address no instruction starts at (unreadable
   * code, or decoding out of step) gets a row of its own. */
  by_offset = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < rows->len; i++)
    {
      CsProfileInsnRow *r = &g_array_index (rows, CsProfileInsnRow, i);

      g_hash_table_insert (by_offset, &r->offset, GUINT_TO_POINTER (i + 1));
    }
  for (guint i = 0; i < s->keys->len; i++)
    {
      guint k = g_array_index (s->keys, guint, i);
      const CsProfileKey *key = &self->table.keys[k];
      gpointer v;
      CsProfileInsnRow *r;

      if (!key_in (self, k, event, region))
        continue;
      v = g_hash_table_lookup (by_offset, &key->offset);
      if (v == NULL)
        {
          const CsLocation *loc = key_source (self, k);
          CsProfileInsnRow row = { loc->address, key->offset, 0, NULL, loc->file, loc->line, 0, 0, 0, 0 };

          /* The table's storage may move: index, not pointer, from here. */
          g_array_append_val (rows, row);
          r = &g_array_index (rows, CsProfileInsnRow, rows->len - 1);
          g_hash_table_remove_all (by_offset);
          for (guint j = 0; j < rows->len; j++)
            g_hash_table_insert (by_offset, &g_array_index (rows, CsProfileInsnRow, j).offset,
                                 GUINT_TO_POINTER (j + 1));
        }
      else
        r = &g_array_index (rows, CsProfileInsnRow, GPOINTER_TO_UINT (v) - 1);
      r->samples += key->samples;
      r->period += key->period;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      CsProfileInsnRow *r = &g_array_index (rows, CsProfileInsnRow, i);

      r->percent = _cs_profile_percent (self, event, r->period);
      r->symbol_percent = symbol_share (self, s, event, region, r->period);
    }
  g_array_sort (rows, compare_insn_rows);
  return rows;
}

const GArray *
cs_profile_get_insn_table (CsProfile             *self,
                           guint                  event,
                           const CsProfileSymbol *symbol)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return cached_table (self, self->insn_cache, event, symbol, CS_PROFILE_ALL_REGIONS, build_insn_table);
}

const GArray *
cs_profile_get_region_insn_table (CsProfile             *self,
                                  guint                  event,
                                  const CsProfileSymbol *symbol,
                                  guint                  region)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  return cached_table (self, self->insn_cache, event, symbol, region, build_insn_table);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-swap.c — reading perf.data written on a machine of the other byte order
 *
 * Plain integers only need their bytes reversed (the cs_perf_u* loaders do
 * that). Bitfields do not: a big-endian compiler allocates them from the most
 * significant bit, so a flag word must be re-packed field by field, as perf's
 * own swap code does.
 */
#include "config.h"

#include "cs-perf-private.h"

static guint8
reverse_bits (guint8 b)
{
  b = (guint8) ((b & 0xf0) >> 4 | (b & 0x0f) << 4);
  b = (guint8) ((b & 0xcc) >> 2 | (b & 0x33) << 2);
  b = (guint8) ((b & 0xaa) >> 1 | (b & 0x55) << 1);
  return b;
}

/* perf_event_attr's flags are all one-bit fields (then reserved bits), so the
 * big-endian layout is the little-endian one with each byte's bits reversed;
 * @raw is the word as it lies in the file, not byte-swapped. */
guint64
_cs_perf_reader_swap_attr_flags (guint64 raw)
{
  guint8 bytes[8];

  memcpy (bytes, &raw, 8);
  for (guint i = 0; i < 8; i++)
    bytes[i] = reverse_bits (bytes[i]);
  memcpy (&raw, bytes, 8);
  return raw;
}

/* struct perf_branch_entry's flag word has multi-bit fields (cycles:16 …), so
 * bit reversal would scramble them; move each field instead. @raw is the word
 * already byte-swapped to a host integer. */
guint64
_cs_perf_reader_swap_branch_flags (guint64 raw)
{
  /* mispred, predicted, in_tx, abort, cycles, type, spec, new_type, priv, reserved */
  static const guint widths[] = { 1, 1, 1, 1, 16, 4, 2, 4, 3, 31 };
  guint64 out = 0;
  guint shift = 0;

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      guint w = widths[i];
      guint64 mask = (w == 64) ? G_MAXUINT64 : ((G_GUINT64_CONSTANT (1) << w) - 1);
      guint64 field = (raw >> (64 - shift - w)) & mask;

      out |= field << shift;
      shift += w;
    }
  return out;
}

/* Decodes the first @avail bytes of a perf_event_attr (its recorded size);
 * later fields stay 0, fields we do not know are skipped. */
void
_cs_perf_reader_attr_decode (const CsPerfReader *self,
                     const guint8       *p,
                     guint32             avail,
                     CsPerfEventAttr    *attr)
{
  guint32 n = MIN (avail, CS_PERF_ATTR_SIZE_MAX);

  memset (attr, 0, sizeof *attr);
  memcpy (attr, p, n);
  if (!self->swapped)
    return;

#define SWAP32(field) G_STMT_START { \
    if (G_STRUCT_OFFSET (CsPerfEventAttr, field) + 4 <= n) \
      attr->field = GUINT32_SWAP_LE_BE (attr->field); } G_STMT_END
#define SWAP64(field) G_STMT_START { \
    if (G_STRUCT_OFFSET (CsPerfEventAttr, field) + 8 <= n) \
      attr->field = GUINT64_SWAP_LE_BE (attr->field); } G_STMT_END
#define SWAP16(field) G_STMT_START { \
    if (G_STRUCT_OFFSET (CsPerfEventAttr, field) + 2 <= n) \
      attr->field = GUINT16_SWAP_LE_BE (attr->field); } G_STMT_END

  SWAP32 (type);
  SWAP32 (size);
  SWAP64 (config);
  SWAP64 (sample_period);
  SWAP64 (sample_type);
  SWAP64 (read_format);
  if (G_STRUCT_OFFSET (CsPerfEventAttr, flags) + 8 <= n)
    attr->flags = _cs_perf_reader_swap_attr_flags (attr->flags);
  SWAP32 (wakeup_events);
  SWAP32 (bp_type);
  SWAP64 (config1);
  SWAP64 (config2);
  SWAP64 (branch_sample_type);
  SWAP64 (sample_regs_user);
  SWAP32 (sample_stack_user);
  if (G_STRUCT_OFFSET (CsPerfEventAttr, clockid) + 4 <= n)
    attr->clockid = (gint32) GUINT32_SWAP_LE_BE ((guint32) attr->clockid);
  SWAP64 (sample_regs_intr);
  SWAP32 (aux_watermark);
  SWAP16 (sample_max_stack);
  SWAP16 (reserved_2);
  SWAP32 (aux_sample_size);
  SWAP32 (reserved_3);
  SWAP64 (sig_data);
  SWAP64 (config3);

#undef SWAP16
#undef SWAP32
#undef SWAP64
}

/* @n u64s at @p in host order: the mapping itself when the file is native
 * and the array aligned (zero-copy), else a swapped copy in the scratch
 * buffer. The caller has checked that the @n * 8 bytes exist. */
const guint64 *
_cs_perf_reader_u64_array (CsPerfReader *self,
                   const guint8 *p,
                   guint64       n)
{
  guint64 *out;

  if (n == 0)
    return NULL;
  if (!self->swapped && ((guintptr) p & 7) == 0)
    return (const guint64 *) (gconstpointer) p;

  out = _cs_perf_reader_scratch (self, n * 8);
  for (guint64 i = 0; i < n; i++)
    out[i] = _cs_perf_u64 (self, p + i * 8);
  return out;
}

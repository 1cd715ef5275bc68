/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-perf-reader.c — libFuzzer target for the perf.data reader
 *
 * Opens the input as a perf.data file, reads every record in time order and
 * again in file order, then through the aggregation's brief path, and touches every byte a record points to, so that
 * AddressSanitizer sees any read outside the input or the reader's buffers.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "cs-perf-reader.h"

static volatile guint64 sink;

static guint64
touch (const void *p, gsize n)
{
  const guint8 *b = p;
  guint64 sum = 0;

  for (gsize i = 0; b && i < n; i++)
    sum += b[i];
  return sum;
}

static void
touch_record (const CsPerfRecord *r)
{
  guint64 sum = touch (r->data, r->size) + (r->attr ? touch (r->attr->name, strlen (r->attr->name)) : 0);
  const CsPerfSample *s = &r->sample;

  switch (r->type)
    {
    case CS_PERF_RECORD_SAMPLE:
      sum += touch (s->values, s->n_values * sizeof *s->values);
      sum += touch (s->callchain, s->n_callchain * 8);
      sum += touch (s->raw, s->raw_size);
      sum += touch (s->branches, s->n_branches * sizeof *s->branches);
      sum += touch (s->regs_user.regs, s->regs_user.n_regs * 8);
      sum += touch (s->regs_intr.regs, s->regs_intr.n_regs * 8);
      sum += touch (s->stack_user, s->stack_user_size);
      sum += touch (s->aux, s->aux_size);
      break;
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      sum += touch (r->mmap.filename, strlen (r->mmap.filename));
      sum += touch (r->mmap.build_id, r->mmap.build_id_size);
      break;
    case CS_PERF_RECORD_COMM:
      sum += touch (r->comm.comm, strlen (r->comm.comm));
      break;
    case CS_PERF_RECORD_KSYMBOL:
      sum += touch (r->ksymbol.name, strlen (r->ksymbol.name));
      break;
    default:
      break;
    }
  sink += sum;
}

static void
touch_info (CsPerfReader *reader)
{
  const CsPerfInfo *info = cs_perf_reader_get_info (reader);
  const char *strings[] = { info->hostname, info->osrelease, info->version, info->arch,
                            info->cpudesc, info->cpuid };

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    if (strings[i])
      sink += strlen (strings[i]);
  for (guint i = 0; info->cmdline && info->cmdline[i]; i++)
    sink += strlen (info->cmdline[i]);
  for (guint i = 0; i < info->build_ids->len; i++)
    {
      const CsPerfBuildId *b = g_ptr_array_index (info->build_ids, i);
      sink += strlen (b->filename) + touch (b->build_id, b->size);
    }
  for (guint i = 0; i < cs_perf_reader_get_n_attrs (reader); i++)
    {
      const CsPerfAttr *a = cs_perf_reader_get_attr (reader, i);
      sink += strlen (a->name) + touch (a->ids, a->n_ids * 8);
    }
  for (const char * const *w = cs_perf_reader_get_warnings (reader); *w; w++)
    sink += strlen (*w);
}

static gboolean
on_record (const CsPerfRecord *r,
           gpointer            user_data)
{
  touch_record (r);
  return TRUE;
}

static void
on_briefs (const CsPerfBrief *samples,
           guint              n_samples,
           gpointer           user_data)
{
  for (guint i = 0; i < n_samples; i++)
    sink += samples[i].ip + samples[i].period + samples[i].pid + samples[i].attr + samples[i].misc;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new_from_bytes (bytes, "fuzz.data", &error);
  const CsPerfRecord *r;

  if (reader == NULL)
    return 0;
  touch_info (reader);
  for (int ordered = 1; ordered >= 0; ordered--)
    {
      cs_perf_reader_rewind (reader);
      cs_perf_reader_set_ordered (reader, ordered);
      while (cs_perf_reader_next (reader, &r, &error))
        touch_record (r);
      g_clear_error (&error);
    }
  /* The aggregation's fast path decodes samples itself. */
  cs_perf_reader_rewind (reader);
  cs_perf_reader_set_ordered (reader, TRUE);
  cs_perf_reader_foreach_brief (reader, on_record, on_briefs, NULL, &error);
  g_clear_error (&error);
  touch_info (reader);
  return 0;
}

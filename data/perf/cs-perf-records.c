/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-records.c — decoding one record into the reader's CsPerfRecord
 *
 * Straight from the mapping into a struct that is reused for every record:
 * no allocation per sample. Every read goes through a bounded cursor, and a
 * record whose fields run past its size is reported as corrupt instead of
 * being guessed at.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cs-perf-private.h"

#define ID_FIELDS (CS_S_TID | CS_S_TIME | CS_S_ID | CS_S_STREAM_ID | CS_S_CPU | CS_S_IDENTIFIER)

static const CsPerfAttr *
lookup_id (CsPerfReader *self,
           guint64       id)
{
  return g_hash_table_lookup (self->id_to_attr, &id);
}

/* The attr of a kernel record; NULL for perf's synthesized ones, and for a
 * SAMPLE whose id matches no attr. */
const CsPerfAttr *
_cs_perf_reader_attr_for_raw (CsPerfReader    *self,
                      const CsPerfRaw *raw)
{
  const CsPerfAttr *first;

  if (raw->type >= 64 || self->attrs->len == 0)
    return NULL;
  first = g_ptr_array_index (self->attrs, 0);
  if (self->attrs->len == 1)
    return first;

  if (raw->type == CS_PERF_RECORD_SAMPLE)
    {
      guint64 at;

      if (self->sample_id_pos < 0)
        return first;
      at = 8 + (guint64) self->sample_id_pos * 8;
      if (at + 8 > raw->size)
        return NULL;
      return lookup_id (self, _cs_perf_u64 (self, raw->data + at));
    }
  else
    {
      const CsPerfAttr *attr;
      guint64 back;

      if (!self->sample_id_all || self->other_id_pos < 0)
        return first;
      back = (guint64) self->other_id_pos * 8;
      if (back + 8 > raw->size)
        return first;
      attr = lookup_id (self, _cs_perf_u64 (self, raw->data + raw->size - back));
      /* Every attr shares the trailer layout, so the first one still parses it. */
      return attr ? attr : first;
    }
}

static guint
trailer_size (guint64 st)
{
  return (guint) __builtin_popcountll (st & ID_FIELDS) * 8;
}

gboolean
_cs_perf_reader_record_time (CsPerfReader    *self,
                     const CsPerfRaw *raw,
                     guint64         *time)
{
  const CsPerfAttr *attr;
  guint64 st, at;

  if (raw->type >= 64)
    return FALSE;
  attr = _cs_perf_reader_attr_for_raw (self, raw);
  if (attr == NULL)
    return FALSE;
  st = attr->attr.sample_type;
  if (!(st & CS_S_TIME))
    return FALSE;

  if (raw->type == CS_PERF_RECORD_SAMPLE)
    {
      at = 8;
      at += (st & CS_S_IDENTIFIER) ? 8 : 0;
      at += (st & CS_S_IP) ? 8 : 0;
      at += (st & CS_S_TID) ? 8 : 0;
      if (at + 8 > raw->size)
        return FALSE;
    }
  else
    {
      guint64 back = 8;

      if (!self->sample_id_all)
        return FALSE;
      back += (st & CS_S_IDENTIFIER) ? 8 : 0;
      back += (st & CS_S_CPU) ? 8 : 0;
      back += (st & CS_S_STREAM_ID) ? 8 : 0;
      back += (st & CS_S_ID) ? 8 : 0;
      if (back + 8 > raw->size)
        return FALSE;
      at = raw->size - back;
    }
  *time = _cs_perf_u64 (self, raw->data + at);
  return TRUE;
}

/* Parses the sample_id_all trailer {pid,tid}{time}{id}{stream_id}{cpu,res}
 * {identifier} off the end of a record body; *@len shrinks by its size. */
static void
read_trailer (CsPerfReader *self,
              guint64       st,
              const guint8 *body,
              gsize        *len)
{
  CsPerfRecord *r = &self->record;
  guint size = trailer_size (st);
  CsPerfCursor c;

  if (!self->sample_id_all || size == 0 || size > *len)
    return;
  *len -= size;
  _cs_perf_cursor_init (&c, self, body + *len, size);
  r->id_fields = st & ID_FIELDS;
  if (st & CS_S_TID)
    {
      r->pid = _cs_perf_cursor_u32 (&c);
      r->tid = _cs_perf_cursor_u32 (&c);
    }
  if (st & CS_S_TIME)
    r->time = _cs_perf_cursor_u64 (&c);
  if (st & CS_S_ID)
    r->id = _cs_perf_cursor_u64 (&c);
  if (st & CS_S_STREAM_ID)
    r->stream_id = _cs_perf_cursor_u64 (&c);
  if (st & CS_S_CPU)
    {
      r->cpu = _cs_perf_cursor_u32 (&c);
      _cs_perf_cursor_u32 (&c);
    }
  if (st & CS_S_IDENTIFIER)
    r->id = _cs_perf_cursor_u64 (&c);
}

/* A NUL-terminated string from the rest of the cursor: in place when perf's
 * padding terminates it, else a terminated copy. */
static const char *
cursor_string (CsPerfReader *self,
               CsPerfCursor *c)
{
  gsize n = _cs_perf_cursor_left (c);
  const guint8 *p = _cs_perf_cursor_take (c, n);
  char *copy;

  if (p == NULL || n == 0)
    return "";
  if (memchr (p, '\0', n) != NULL)
    return (const char *) p;
  copy = _cs_perf_reader_scratch (self, n + 1);
  memcpy (copy, p, n);
  copy[n] = '\0';
  return copy;
}

static void
read_regs (CsPerfReader *self,
           CsPerfCursor *c,
           guint64       mask,
           CsPerfRegs   *regs)
{
  const guint8 *p;

  regs->abi = _cs_perf_cursor_u64 (c);
  regs->mask = mask;
  if (regs->abi == 0)
    return;
  regs->n_regs = (guint) __builtin_popcountll (mask);
  p = _cs_perf_cursor_take (c, (guint64) regs->n_regs * 8);
  if (p != NULL)
    regs->regs = _cs_perf_reader_u64_array (self, p, regs->n_regs);
}

static void
read_values (CsPerfReader    *self,
             CsPerfCursor    *c,
             guint64          rf,
             CsPerfSample    *s)
{
  CsPerfReadValue *values;
  guint64 nr = 1;
  guint per = 1 + ((rf & CS_F_ID) ? 1 : 0) + ((rf & CS_F_LOST) ? 1 : 0);

  if (rf & CS_F_GROUP)
    {
      nr = _cs_perf_cursor_u64 (c);
      if (rf & CS_F_TOTAL_TIME_ENABLED)
        s->time_enabled = _cs_perf_cursor_u64 (c);
      if (rf & CS_F_TOTAL_TIME_RUNNING)
        s->time_running = _cs_perf_cursor_u64 (c);
      if (nr > _cs_perf_cursor_left (c) / (per * 8))
        {
          c->bad = TRUE;
          return;
        }
    }
  values = _cs_perf_reader_scratch (self, MAX (nr, 1) * sizeof (CsPerfReadValue));
  for (guint64 i = 0; i < nr; i++)
    {
      values[i].value = _cs_perf_cursor_u64 (c);
      if (!(rf & CS_F_GROUP))
        {
          if (rf & CS_F_TOTAL_TIME_ENABLED)
            s->time_enabled = _cs_perf_cursor_u64 (c);
          if (rf & CS_F_TOTAL_TIME_RUNNING)
            s->time_running = _cs_perf_cursor_u64 (c);
        }
      values[i].id = (rf & CS_F_ID) ? _cs_perf_cursor_u64 (c) : 0;
      values[i].lost = (rf & CS_F_LOST) ? _cs_perf_cursor_u64 (c) : 0;
    }
  s->n_values = (guint) nr;
  s->values = values;
}

static void
read_branches (CsPerfReader          *self,
               CsPerfCursor          *c,
               const CsPerfEventAttr *attr,
               CsPerfSample          *s)
{
  const guint8 *p;
  guint64 nr = _cs_perf_cursor_u64 (c);

  if (attr->branch_sample_type & CS_BRANCH_SAMPLE_HW_INDEX)
    {
      s->has_branch_hw_idx = TRUE;
      s->branch_hw_idx = _cs_perf_cursor_u64 (c);
    }
  if (nr > _cs_perf_cursor_left (c) / 24)
    {
      c->bad = TRUE;
      return;
    }
  s->n_branches = nr;
  p = _cs_perf_cursor_take (c, nr * 24);
  if (nr == 0 || p == NULL)
    return;
  if (!self->swapped && ((guintptr) p & 7) == 0)
    s->branches = (const CsPerfBranchEntry *) (gconstpointer) p;
  else
    {
      CsPerfBranchEntry *e = _cs_perf_reader_scratch (self, nr * sizeof *e);

      for (guint64 i = 0; i < nr; i++)
        {
          e[i].from = _cs_perf_u64 (self, p + i * 24);
          e[i].to = _cs_perf_u64 (self, p + i * 24 + 8);
          e[i].flags = _cs_perf_u64 (self, p + i * 24 + 16);
          if (self->swapped)
            e[i].flags = _cs_perf_reader_swap_branch_flags (e[i].flags);
        }
      s->branches = e;
    }
  /* PERF_SAMPLE_BRANCH_COUNTERS (Linux 6.8): one u64 per entry follows */
  if (attr->branch_sample_type & (1u << 19))
    _cs_perf_cursor_take (c, nr * 8);
}

static gboolean
decode_sample (CsPerfReader *self,
               CsPerfCursor *c)
{
  CsPerfRecord *r = &self->record;
  CsPerfSample *s = &r->sample;
  const CsPerfEventAttr *attr = &r->attr->attr;
  guint64 st = attr->sample_type;
  const guint8 *p;

  s->sample_type = st;
  r->id_fields = st & ID_FIELDS;
  if (st & CS_S_IDENTIFIER)
    r->id = s->identifier = _cs_perf_cursor_u64 (c);
  if (st & CS_S_IP)
    s->ip = _cs_perf_cursor_u64 (c);
  if (st & CS_S_TID)
    {
      r->pid = _cs_perf_cursor_u32 (c);
      r->tid = _cs_perf_cursor_u32 (c);
    }
  if (st & CS_S_TIME)
    r->time = _cs_perf_cursor_u64 (c);
  if (st & CS_S_ADDR)
    s->addr = _cs_perf_cursor_u64 (c);
  if (st & CS_S_ID)
    r->id = _cs_perf_cursor_u64 (c);
  if (st & CS_S_STREAM_ID)
    r->stream_id = _cs_perf_cursor_u64 (c);
  if (st & CS_S_CPU)
    {
      r->cpu = _cs_perf_cursor_u32 (c);
      _cs_perf_cursor_u32 (c);
    }
  if (st & CS_S_PERIOD)
    s->period = _cs_perf_cursor_u64 (c);
  else
    /* A frequency is no period: count each sample once then. */
    s->period = (attr->flags & CS_PERF_ATTR_FREQ) ? 1 : attr->sample_period;
  if (st & CS_S_READ)
    read_values (self, c, attr->read_format, s);
  if (st & CS_S_CALLCHAIN)
    {
      guint64 nr = _cs_perf_cursor_u64 (c);

      if (nr > _cs_perf_cursor_left (c) / 8)
        return FALSE;
      p = _cs_perf_cursor_take (c, nr * 8);
      s->n_callchain = nr;
      s->callchain = _cs_perf_reader_u64_array (self, p, nr);
    }
  if (st & CS_S_RAW)
    {
      s->raw_size = _cs_perf_cursor_u32 (c);
      s->raw = _cs_perf_cursor_take (c, s->raw_size);
    }
  if (st & CS_S_BRANCH_STACK)
    read_branches (self, c, attr, s);
  if (st & CS_S_REGS_USER)
    read_regs (self, c, attr->sample_regs_user, &s->regs_user);
  if (st & CS_S_STACK_USER)
    {
      s->stack_user_size = _cs_perf_cursor_u64 (c);
      s->stack_user = _cs_perf_cursor_take (c, s->stack_user_size);
      /* the kernel writes dyn_size only after a non-empty stack */
      if (s->stack_user_size != 0)
        s->stack_user_dyn_size = _cs_perf_cursor_u64 (c);
    }
  if (st & CS_S_WEIGHT_STRUCT)
    {
      s->weight = _cs_perf_cursor_u32 (c);
      s->weight_var2 = _cs_perf_cursor_u16 (c);
      s->weight_var3 = _cs_perf_cursor_u16 (c);
    }
  else if (st & CS_S_WEIGHT)
    s->weight = _cs_perf_cursor_u64 (c);
  if (st & CS_S_DATA_SRC)
    s->data_src = _cs_perf_cursor_u64 (c);
  if (st & CS_S_TRANSACTION)
    s->transaction = _cs_perf_cursor_u64 (c);
  if (st & CS_S_REGS_INTR)
    read_regs (self, c, attr->sample_regs_intr, &s->regs_intr);
  if (st & CS_S_PHYS_ADDR)
    s->phys_addr = _cs_perf_cursor_u64 (c);
  if (st & CS_S_CGROUP)
    s->cgroup = _cs_perf_cursor_u64 (c);
  if (st & CS_S_DATA_PAGE_SIZE)
    s->data_page_size = _cs_perf_cursor_u64 (c);
  if (st & CS_S_CODE_PAGE_SIZE)
    s->code_page_size = _cs_perf_cursor_u64 (c);
  if (st & CS_S_AUX)
    {
      s->aux_size = _cs_perf_cursor_u64 (c);
      s->aux = _cs_perf_cursor_take (c, s->aux_size);
    }
  return !c->bad;
}

static gboolean
decode_mmap (CsPerfReader *self,
             CsPerfCursor *c,
             gboolean      mmap2)
{
  CsPerfRecord *r = &self->record;
  CsPerfMmap *m = &r->mmap;

  m->pid = _cs_perf_cursor_u32 (c);
  m->tid = _cs_perf_cursor_u32 (c);
  m->addr = _cs_perf_cursor_u64 (c);
  m->len = _cs_perf_cursor_u64 (c);
  m->pgoff = _cs_perf_cursor_u64 (c);
  if (mmap2)
    {
      if (r->misc & CS_MISC_MMAP_BUILD_ID)
        {
          const guint8 *p = _cs_perf_cursor_take (c, 24);

          if (p != NULL)
            {
              m->build_id_size = MIN (p[0], 20);
              m->build_id = p + 4;
            }
        }
      else
        {
          m->maj = _cs_perf_cursor_u32 (c);
          m->min = _cs_perf_cursor_u32 (c);
          m->ino = _cs_perf_cursor_u64 (c);
          m->ino_generation = _cs_perf_cursor_u64 (c);
        }
      m->prot = _cs_perf_cursor_u32 (c);
      m->flags = _cs_perf_cursor_u32 (c);
    }
  if (c->bad)
    return FALSE;
  m->filename = cursor_string (self, c);
  return TRUE;
}

static gboolean
decode_kernel (CsPerfReader *self,
               CsPerfCursor *c)
{
  CsPerfRecord *r = &self->record;

  switch (r->type)
    {
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      return decode_mmap (self, c, r->type == CS_PERF_RECORD_MMAP2);
    case CS_PERF_RECORD_COMM:
      r->comm.pid = _cs_perf_cursor_u32 (c);
      r->comm.tid = _cs_perf_cursor_u32 (c);
      r->comm.exec = (r->misc & CS_MISC_COMM_EXEC) != 0;
      if (c->bad)
        return FALSE;
      r->comm.comm = cursor_string (self, c);
      return TRUE;
    case CS_PERF_RECORD_FORK:
    case CS_PERF_RECORD_EXIT:
      r->task.pid = _cs_perf_cursor_u32 (c);
      r->task.ppid = _cs_perf_cursor_u32 (c);
      r->task.tid = _cs_perf_cursor_u32 (c);
      r->task.ptid = _cs_perf_cursor_u32 (c);
      r->task.time = _cs_perf_cursor_u64 (c);
      break;
    case CS_PERF_RECORD_LOST:
      r->lost.id = _cs_perf_cursor_u64 (c);
      r->lost.lost = _cs_perf_cursor_u64 (c);
      self->stats.n_lost += r->lost.lost;
      break;
    case CS_PERF_RECORD_LOST_SAMPLES:
      r->lost.lost = _cs_perf_cursor_u64 (c);
      self->stats.n_lost_samples += r->lost.lost;
      break;
    case CS_PERF_RECORD_THROTTLE:
    case CS_PERF_RECORD_UNTHROTTLE:
      r->throttle.time = _cs_perf_cursor_u64 (c);
      r->throttle.id = _cs_perf_cursor_u64 (c);
      r->throttle.stream_id = _cs_perf_cursor_u64 (c);
      break;
    case CS_PERF_RECORD_SWITCH:
    case CS_PERF_RECORD_SWITCH_CPU_WIDE:
      r->cswitch.out = (r->misc & CS_MISC_SWITCH_OUT) != 0;
      if (r->type == CS_PERF_RECORD_SWITCH_CPU_WIDE)
        {
          r->cswitch.next_prev_pid = _cs_perf_cursor_u32 (c);
          r->cswitch.next_prev_tid = _cs_perf_cursor_u32 (c);
        }
      break;
    case CS_PERF_RECORD_KSYMBOL:
      r->ksymbol.addr = _cs_perf_cursor_u64 (c);
      r->ksymbol.len = _cs_perf_cursor_u32 (c);
      r->ksymbol.ksym_type = _cs_perf_cursor_u16 (c);
      r->ksymbol.flags = _cs_perf_cursor_u16 (c);
      if (c->bad)
        return FALSE;
      r->ksymbol.name = cursor_string (self, c);
      return TRUE;
    default:
      /* delivered with the header and sample id only */
      break;
    }
  return !c->bad;
}

static gboolean
decode_failed (CsPerfReader    *self,
               const CsPerfRaw *raw,
               GError         **error)
{
  const char *type = cs_perf_record_type_name (raw->type);
  g_autofree char *what = NULL;

  if (raw->compressed)
    what = g_strdup_printf (_("the fields of a %s record of %u bytes, inside this compressed "
                              "record, run past its end"), type ? type : "?", raw->size);
  else
    what = g_strdup_printf (_("the fields of a %s record of %u bytes run past its end"),
                            type ? type : "?", raw->size);
  return _cs_perf_reader_corrupt (self, error, raw->offset, what);
}

/* Fills self->record. Returns FALSE with @error on a damaged record, and
 * FALSE without error for a sample that belongs to no attr (skipped, as
 * perf does, and counted). */
gboolean
_cs_perf_reader_decode (CsPerfReader     *self,
                const CsPerfRaw  *raw,
                GError          **error)
{
  CsPerfRecord *r = &self->record;
  CsPerfCursor c;
  gsize body_len = raw->size - 8;

  self->scratch_used = 0;
  memset (r, 0, sizeof *r);
  r->type = raw->type;
  r->misc = raw->misc;
  r->size = raw->size;
  r->offset = raw->offset;
  r->compressed = raw->compressed;
  r->data = raw->data;
  r->time = CS_PERF_NO_TIME;

  if (raw->type >= 64)
    {
      if (raw->type == CS_PERF_RECORD_HEADER_ATTR && raw->size >= 8 + CS_PERF_ATTR_SIZE_VER0 + 8)
        {
          guint32 asize = _cs_perf_u32 (self, raw->data + 12);

          asize = asize ? asize : CS_PERF_ATTR_SIZE_VER0;
          if ((guint64) asize + 16 <= raw->size)
            r->attr = lookup_id (self, _cs_perf_u64 (self, raw->data + 8 + asize));
        }
      return TRUE;
    }

  r->attr = _cs_perf_reader_attr_for_raw (self, raw);
  if (raw->type == CS_PERF_RECORD_SAMPLE)
    {
      if (r->attr == NULL)
        {
          self->stats.n_unknown_id++;
          return FALSE;
        }
      _cs_perf_cursor_init (&c, self, raw->data + 8, body_len);
      if (!decode_sample (self, &c))
        return decode_failed (self, raw, error);
      return TRUE;
    }

  if (r->attr != NULL)
    read_trailer (self, r->attr->attr.sample_type, raw->data + 8, &body_len);
  _cs_perf_cursor_init (&c, self, raw->data + 8, body_len);
  if (!decode_kernel (self, &c))
    return decode_failed (self, raw, error);
  return TRUE;
}

const char *
cs_perf_record_type_name (guint32 type)
{
  static const char * const kernel[] = {
    NULL, "MMAP", "LOST", "COMM", "EXIT", "THROTTLE", "UNTHROTTLE", "FORK",
    "READ", "SAMPLE", "MMAP2", "AUX", "ITRACE_START", "LOST_SAMPLES", "SWITCH",
    "SWITCH_CPU_WIDE", "NAMESPACES", "KSYMBOL", "BPF_EVENT", "CGROUP",
    "TEXT_POKE", "AUX_OUTPUT_HW_ID",
  };
  static const char * const user[] = {
    "HEADER_ATTR", "HEADER_EVENT_TYPE", "HEADER_TRACING_DATA",
    "HEADER_BUILD_ID", "FINISHED_ROUND", "ID_INDEX", "AUXTRACE_INFO",
    "AUXTRACE", "AUXTRACE_ERROR", "THREAD_MAP", "CPU_MAP", "STAT_CONFIG",
    "STAT", "STAT_ROUND", "EVENT_UPDATE", "TIME_CONV", "HEADER_FEATURE",
    "COMPRESSED", "FINISHED_INIT", "COMPRESSED2",
  };

  if (type < G_N_ELEMENTS (kernel))
    return kernel[type];
  if (type >= 64 && type - 64 < G_N_ELEMENTS (user))
    return user[type - 64];
  return NULL;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-timeline-synth.h — perf.data files of several processes, threads and
 * CPUs whose every sample is known (header only)
 *
 * The filter, timeline and benchmark code count from samples chosen here
 * by a rule (tl_synth_sample()): the tests compute what a filter must
 * select from the same rule, never from the code under test. Addresses are
 * functions of a real program (nm, readelf) and of a kallsyms file written
 * next to the data.
 *
 * The default recording (tl_synth_default()), TL_N samples 1 µs apart:
 *
 *   sample i even          process 100 "alpha", thread 100, cpu 0, leaf_spin
 *                          (every 10th in the kernel, k_leaf), period 100
 *   i odd, i < TL_N / 2    process 200 "beta" (forked from 100, exec'd),
 *                          thread 200, cpu 1, op_divide, period 200; it
 *                          exits at the middle
 *   i odd, i >= TL_N / 2   process 100, thread 101 (forked at the start,
 *                          "alpha" by inheritance, renamed "alpha-late" before
 *                          sample TL_RENAME), cpu 1, descend, period 300
 *   i = TL_LARGE           period 5 000 000 000, beyond 32 bits
 *   one more sample        time 0 (no timestamp), thread 100, cpu 0, main:
 *                          read first, as perf reads it (tl_synth_comm())
 *
 * With call chains, each sample's stack is its function ← one_round ←
 * worker ← main (the kernel's: k_leaf ← k_mid, then the same).
 */
#pragma once

#include <linux/perf_event.h>

#include "cs-perf-build.h"
#include "cs-perf-writer.h"
#include "cs-symtest-util.h"

#define TL_N        400
#define TL_T0       G_GUINT64_CONSTANT (5000000000)
#define TL_STEP     1000
#define TL_RENAME   301
#define TL_LARGE    42
#define TL_LARGE_PERIOD G_GUINT64_CONSTANT (5000000000)
#define TL_BASE     G_GUINT64_CONSTANT (0x555555554000)
#define TL_KTEXT    G_GUINT64_CONSTANT (0xffffffff81000000)

typedef struct
{
  guint32     pid;
  guint32     tid;
  guint32     cpu;
  guint64     time;
  guint64     period;
  const char *function;   /* a function of the program, or "k_leaf" */
} TlSample;

typedef struct
{
  const char *path;
  guint64     text_offset, text_vaddr, text_size;
  GPtrArray  *symbols;    /* NmSymbol* */
  GByteArray *records;
  gboolean    chains;
  guint64     side_time;  /* the time of the next side-band record */
} TlSynth;

/* The rule: sample @i of the default recording (i == TL_N: the one without
 * a timestamp). */
static inline TlSample
tl_synth_sample (guint i)
{
  TlSample s = { 100, 100, 0, TL_T0 + (guint64) i * TL_STEP, 100, "leaf_spin" };

  if (i == TL_N)
    {
      s.time = 0;
      s.function = "main";
      return s;
    }
  if (i % 2 == 0)
    {
      if (i % 10 == 0)
        s.function = "k_leaf";
    }
  else if (i < TL_N / 2)
    {
      s.pid = s.tid = 200;
      s.cpu = 1;
      s.period = 200;
      s.function = "op_divide";
    }
  else
    {
      s.tid = 101;
      s.cpu = 1;
      s.period = 300;
      s.function = "descend";
    }
  if (i == TL_LARGE)
    s.period = TL_LARGE_PERIOD;
  return s;
}

/* The comm perf gives sample @i: the sample without a timestamp is
 * delivered at once, before the queued COMM that names its thread. */
static inline const char *
tl_synth_comm (guint i)
{
  TlSample s = tl_synth_sample (i);

  if (i == TL_N)
    return ":100";
  if (s.tid == 200)
    return "beta";
  if (s.tid == 101 && i >= TL_RENAME)
    return "alpha-late";
  return "alpha";
}

static inline void
tl_synth_init (TlSynth    *s,
               const char *program,
               gboolean    chains)
{
  memset (s, 0, sizeof *s);
  s->path = program;
  readelf_text_segment (program, &s->text_offset, &s->text_vaddr, &s->text_size);
  s->symbols = nm_functions (program, FALSE);
  s->records = g_byte_array_new ();
  s->chains = chains;
  s->side_time = TL_T0 - 100000;
}

static inline void
tl_synth_clear (TlSynth *s)
{
  g_ptr_array_unref (s->symbols);
  g_byte_array_unref (s->records);
}

static inline guint64
tl_synth_address (TlSynth    *s,
                  const char *name,
                  guint64     offset)
{
  if (g_str_equal (name, "k_leaf"))
    return TL_KTEXT + 0x100 + offset;
  if (g_str_equal (name, "k_mid"))
    return TL_KTEXT + 0x200 + offset;
  return nm_mapped_address (s->symbols, s->path, name, offset, TL_BASE, s->text_vaddr);
}

/* The sample_id_all trailer of a side-band record: pid, tid, time, cpu. */
static inline void
tl_synth_trailer (TlSynth *s,
                  guint32  pid,
                  guint32  tid,
                  guint64  time,
                  guint32  cpu,
                  gsize    at)
{
  put32 (s->records, pid), put32 (s->records, tid);
  put64 (s->records, time);
  put32 (s->records, cpu), put32 (s->records, 0);
  record_end (s->records, at);
}

static inline void
tl_synth_comm_record (TlSynth    *s,
                      guint32     pid,
                      guint32     tid,
                      const char *comm,
                      gboolean    exec,
                      guint64     time)
{
  gsize at = record_begin (s->records, PERF_RECORD_COMM, exec ? PERF_RECORD_MISC_COMM_EXEC : 0);

  put32 (s->records, pid), put32 (s->records, tid);
  put_string (s->records, comm);
  tl_synth_trailer (s, pid, tid, time, 0, at);
}

/* FORK and EXIT */
static inline void
tl_synth_task_record (TlSynth *s,
                      guint32  type,
                      guint32  pid,
                      guint32  ppid,
                      guint32  tid,
                      guint32  ptid,
                      guint64  time)
{
  gsize at = record_begin (s->records, type, 0);

  put32 (s->records, pid), put32 (s->records, ppid), put32 (s->records, tid), put32 (s->records, ptid);
  put64 (s->records, time);
  tl_synth_trailer (s, pid, tid, time, 0, at);
}

static inline void
tl_synth_mmap (TlSynth *s,
               guint32  pid,
               guint64  time)
{
  gsize at = record_begin (s->records, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);

  put32 (s->records, pid), put32 (s->records, pid);
  put64 (s->records, TL_BASE), put64 (s->records, s->text_size), put64 (s->records, s->text_offset);
  put32 (s->records, 8), put32 (s->records, 1), put64 (s->records, 4242), put64 (s->records, 0);
  put32 (s->records, 5), put32 (s->records, 2);
  put_string (s->records, s->path);
  tl_synth_trailer (s, pid, pid, time, 0, at);
}

/* The kernel's map and the program's processes and threads, before the
 * first sample. */
static inline void
tl_synth_start (TlSynth *s)
{
  gsize at = record_begin (s->records, PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL);

  put32 (s->records, (guint32) -1), put32 (s->records, 0);
  put64 (s->records, TL_KTEXT), put64 (s->records, G_MAXUINT64 - TL_KTEXT), put64 (s->records, TL_KTEXT);
  put_string (s->records, "[kernel.kallsyms]_text");
  tl_synth_trailer (s, (guint32) -1, 0, s->side_time++, 0, at);
}

/* LOST (@lost events) and THROTTLE records, with their time and cpu. */
static inline void
tl_synth_lost (TlSynth *s,
               guint64  lost,
               guint64  time,
               guint32  cpu)
{
  gsize at = record_begin (s->records, PERF_RECORD_LOST, 0);

  put64 (s->records, 7), put64 (s->records, lost);
  tl_synth_trailer (s, 100, 100, time, cpu, at);
}

static inline void
tl_synth_throttle (TlSynth *s,
                   guint32  type,
                   guint64  time,
                   guint32  cpu)
{
  gsize at = record_begin (s->records, type, 0);

  put64 (s->records, time), put64 (s->records, 7), put64 (s->records, 0);
  tl_synth_trailer (s, 100, 100, time, cpu, at);
}

static inline void
tl_synth_write_sample (TlSynth        *s,
                       const TlSample *x)
{
  gboolean kernel = g_str_equal (x->function, "k_leaf");
  gsize at = record_begin (s->records, PERF_RECORD_SAMPLE,
                           kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER);
  guint64 ip = tl_synth_address (s, x->function, 4);

  put64 (s->records, ip);
  put32 (s->records, x->pid), put32 (s->records, x->tid);
  put64 (s->records, x->time);
  put32 (s->records, x->cpu), put32 (s->records, 0);
  put64 (s->records, x->period);
  if (s->chains)
    {
      guint64 user[] = { tl_synth_address (s, "one_round", 9), tl_synth_address (s, "worker", 9),
                         tl_synth_address (s, "main", 9) };

      if (kernel)
        {
          put64 (s->records, 7);
          put64 (s->records, (guint64) PERF_CONTEXT_KERNEL);
          put64 (s->records, ip);
          put64 (s->records, tl_synth_address (s, "k_mid", 8));
          put64 (s->records, (guint64) PERF_CONTEXT_USER);
        }
      else
        {
          put64 (s->records, 5);
          put64 (s->records, (guint64) PERF_CONTEXT_USER);
          put64 (s->records, ip);
        }
      for (guint k = 0; k < G_N_ELEMENTS (user); k++)
        put64 (s->records, user[k]);
    }
  record_end (s->records, at);
}

/* Writes DIR/NAME: the records so far, as one cpu-clock event. */
static inline char *
tl_synth_write (TlSynth            *s,
                const char         *dir,
                const char         *name,
                const char * const *cmdline)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfWriter) writer = cs_perf_writer_new (path, &error);
  struct perf_event_attr a = { 0 };
  guint64 id = 7;

  g_assert_no_error (error);
  if (cmdline != NULL)
    cs_perf_writer_set_cmdline (writer, cmdline);
  a.type = PERF_TYPE_SOFTWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_SW_CPU_CLOCK;
  a.sample_period = 100;
  a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
                  (s->chains ? PERF_SAMPLE_CALLCHAIN : 0);
  a.sample_id_all = 1;
  a.mmap = a.comm = a.task = a.mmap2 = 1;
  g_assert_true (cs_perf_writer_add_event (writer, &a, "cpu-clock", &id, 1, &error));
  g_assert_true (cs_perf_writer_write (writer, s->records->data, s->records->len, &error));
  g_assert_true (cs_perf_writer_finish (writer, &error));
  g_assert_no_error (error);
  return path;
}

/* The kallsyms file of k_leaf and k_mid, for the symbolizer. */
static inline char *
tl_synth_kallsyms (const char *dir)
{
  char *kallsyms = g_build_filename (dir, "kallsyms", NULL);

  g_assert_true (g_file_set_contents (kallsyms,
                                      "ffffffff81000000 T _text\n"
                                      "ffffffff81000100 T k_leaf\n"
                                      "ffffffff81000200 t k_mid\n"
                                      "ffffffff81000300 T _etext\n", -1, NULL));
  return kallsyms;
}

/* The default recording, of the samples @keep says yes to (NULL: all):
 * the same side-band records whatever is kept. */
typedef gboolean (*TlKeep) (guint i, gpointer data);

static inline char *
tl_synth_default (const char *program,
                  gboolean    chains,
                  const char *dir,
                  const char *name,
                  TlKeep      keep,
                  gpointer    keep_data)
{
  static const char * const cmdline[] = { "/usr/bin/perf", "record", "-F", "999", "-g", "--", "./alpha",
                                          "--fast", NULL };
  TlSynth s;
  char *path;

  tl_synth_init (&s, program, chains);
  tl_synth_start (&s);
  tl_synth_comm_record (&s, 100, 100, "alpha", TRUE, TL_T0 - 5000);
  tl_synth_mmap (&s, 100, TL_T0 - 4900);
  tl_synth_task_record (&s, PERF_RECORD_FORK, 100, 100, 101, 100, TL_T0 - 4000);
  tl_synth_task_record (&s, PERF_RECORD_FORK, 200, 100, 200, 100, TL_T0 - 3000);
  tl_synth_comm_record (&s, 200, 200, "beta", TRUE, TL_T0 - 2000);
  tl_synth_mmap (&s, 200, TL_T0 - 1900);
  for (guint i = 0; i <= TL_N; i++)
    {
      TlSample x = tl_synth_sample (i);

      if (i == TL_RENAME)
        tl_synth_comm_record (&s, 100, 101, "alpha-late", FALSE, x.time - 1);
      if (i == TL_N / 2)
        tl_synth_task_record (&s, PERF_RECORD_EXIT, 200, 100, 200, 100, x.time - 1);
      if (i == TL_N / 4)
        {
          tl_synth_lost (&s, 17, x.time - 2, 1);
          tl_synth_throttle (&s, PERF_RECORD_THROTTLE, x.time - 1, 0);
        }
      if (i == TL_N / 4 + 10)
        tl_synth_throttle (&s, PERF_RECORD_UNTHROTTLE, x.time - 1, 0);
      if (keep == NULL || keep (i, keep_data))
        tl_synth_write_sample (&s, &x);
    }
  path = tl_synth_write (&s, dir, name, cmdline);
  tl_synth_clear (&s);
  return path;
}

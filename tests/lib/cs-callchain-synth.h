/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-callchain-synth.h — perf.data files with call chains written by hand
 * (header only)
 *
 * The call-graph and flame-graph tests count what each function must cost
 * from stacks chosen here: the addresses are functions of a real program
 * (found with nm, mapped as readelf says) and of a kallsyms file written
 * next to the data, so nothing expected comes from the code under test.
 * synth_write_stacks() writes the stacks most cases use (see there).
 */
#pragma once

#include <linux/perf_event.h>

#include "cs-call-graph.h"
#include "cs-perf-build.h"
#include "cs-perf-writer.h"
#include "cs-profile-samples.h"
#include "cs-symtest-util.h"

#define PID       100
#define TID2      101
#define BASE      G_GUINT64_CONSTANT (0x555555554000)
#define KTEXT     G_GUINT64_CONSTANT (0xffffffff81000000)
#define PERIOD    100
#define SAMPLE_ST (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD | \
                   PERF_SAMPLE_CALLCHAIN)

/* The kernel functions of the kallsyms file. */
#define K_LEAF (KTEXT + 0x100)
#define K_MID  (KTEXT + 0x200)

typedef struct
{
  const char *path;
  guint64     text_offset, text_vaddr, text_size;
  GPtrArray  *symbols;   /* NmSymbol* */
  GByteArray *records;
  guint64     time;
} Synth;

static inline void
synth_init (Synth      *s,
            const char *path)
{
  s->path = path;
  readelf_text_segment (path, &s->text_offset, &s->text_vaddr, &s->text_size);
  s->symbols = nm_functions (path, FALSE);
  s->records = g_byte_array_new ();
  s->time = 1000;
}

static inline void
synth_clear (Synth *s)
{
  g_ptr_array_unref (s->symbols);
  g_byte_array_unref (s->records);
}

/* The run-time address @offset bytes into function @name. */
static inline guint64
fn (Synth      *s,
    const char *name,
    guint64     offset)
{
  return nm_mapped_address (s->symbols, s->path, name, offset, BASE, s->text_vaddr);
}

static inline void
side_band (Synth *s,
           gsize  at)
{
  put32 (s->records, PID), put32 (s->records, PID);
  put64 (s->records, s->time++);
  record_end (s->records, at);
}

static inline void
synth_maps (Synth *s)
{
  gsize at;

  at = record_begin (s->records, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
  put32 (s->records, PID), put32 (s->records, PID);
  put_string (s->records, "cg test");
  side_band (s, at);

  at = record_begin (s->records, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
  put32 (s->records, PID), put32 (s->records, PID);
  put64 (s->records, BASE), put64 (s->records, s->text_size), put64 (s->records, s->text_offset);
  put32 (s->records, 8), put32 (s->records, 1), put64 (s->records, 4242), put64 (s->records, 0);
  put32 (s->records, 5), put32 (s->records, 2);
  put_string (s->records, s->path);
  side_band (s, at);

  at = record_begin (s->records, PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL);
  put32 (s->records, (guint32) -1), put32 (s->records, 0);
  put64 (s->records, KTEXT), put64 (s->records, G_MAXUINT64 - KTEXT), put64 (s->records, KTEXT);
  put_string (s->records, "[kernel.kallsyms]_text");
  side_band (s, at);

  /* a second thread of the process, named only by inheritance */
  at = record_begin (s->records, PERF_RECORD_FORK, 0);
  put32 (s->records, PID), put32 (s->records, PID), put32 (s->records, TID2), put32 (s->records, PID);
  put64 (s->records, s->time);
  side_band (s, at);
}

/* A sample of @tid whose call chain is @chain (@n entries, markers
 * included, innermost first, as the kernel writes it). */
static inline void
synth_sample (Synth         *s,
              guint32        tid,
              gboolean       kernel,
              const guint64 *chain,
              guint          n)
{
  gsize at = record_begin (s->records, PERF_RECORD_SAMPLE,
                           kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER);
  guint64 ip = 0;

  for (guint i = 0; i < n && ip == 0; i++)
    if (chain[i] < (guint64) PERF_CONTEXT_MAX)
      ip = chain[i];
  put64 (s->records, ip);
  put32 (s->records, PID), put32 (s->records, tid);
  put64 (s->records, s->time++);
  put64 (s->records, PERIOD);
  put64 (s->records, n);
  for (guint i = 0; i < n; i++)
    put64 (s->records, chain[i]);
  record_end (s->records, at);
}

static inline char *
synth_write (Synth      *s,
             const char *dir,
             const char *name)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfWriter) writer = cs_perf_writer_new (path, &error);
  struct perf_event_attr a = { 0 };
  guint64 id = 7;

  g_assert_no_error (error);
  a.type = PERF_TYPE_SOFTWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_SW_CPU_CLOCK;
  a.sample_period = PERIOD;
  a.sample_type = SAMPLE_ST;
  a.sample_id_all = 1;
  a.mmap = a.comm = a.task = a.mmap2 = 1;
  g_assert_true (cs_perf_writer_add_event (writer, &a, "cpu-clock", &id, 1, &error));
  g_assert_true (cs_perf_writer_write (writer, s->records->data, s->records->len, &error));
  g_assert_true (cs_perf_writer_finish (writer, &error));
  g_assert_no_error (error);
  return path;
}

static inline CsProfile *
synth_load (const char *path,
            const char *dir)
{
  g_autoptr(CsSymbolizer) symbolizer = cs_symbolizer_new ();
  g_autofree char *kallsyms = g_build_filename (dir, "kallsyms", NULL);
  g_autoptr(GError) error = NULL;
  CsProfile *profile;

  g_assert_true (g_file_set_contents (kallsyms,
                                      "ffffffff81000000 T _text\n"
                                      "ffffffff81000100 T k_leaf\n"
                                      "ffffffff81000200 t k_mid\n"
                                      "ffffffff81000300 T _etext\n", -1, NULL));
  cs_symbolizer_set_kallsyms_path (symbolizer, kallsyms);
  profile = cs_profile_load (path, symbolizer, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return profile;
}

#define USER   ((guint64) PERF_CONTEXT_USER)
#define KERNEL ((guint64) PERF_CONTEXT_KERNEL)

/* The stacks every case below counts from (innermost first):
 *
 *   A ×3  leaf_spin ← descend ← descend ← descend ← one_round ← worker ← main ← _start
 *   B ×2  op_divide ← one_round ← worker ← main ← _start           (thread 101)
 *   C ×1  descend ← one_round ← worker ← main ← _start
 *   D ×1  leaf_spin ← descend ← op_rotate                           (broken)
 *   E ×1  k_leaf ← k_mid | op_divide ← one_round ← worker ← main ← _start
 *
 * every sample of period 100: 800 in all. */
static inline char *
synth_write_stacks (const char *workload,
                    const char *dir)
{
  Synth s;
  char *path;

  synth_init (&s, workload);
  synth_maps (&s);
  for (guint i = 0; i < 3; i++)
    {
      guint64 a[] = { USER, fn (&s, "leaf_spin", 4 + i), fn (&s, "descend", 9), fn (&s, "descend", 9),
                      fn (&s, "descend", 9), fn (&s, "one_round", 9), fn (&s, "worker", 9),
                      fn (&s, "main", 9), fn (&s, "_start", 9) };

      synth_sample (&s, PID, FALSE, a, G_N_ELEMENTS (a));
    }
  for (guint i = 0; i < 2; i++)
    {
      guint64 b[] = { USER, fn (&s, "op_divide", 4), fn (&s, "one_round", 13), fn (&s, "worker", 9),
                      fn (&s, "main", 9), fn (&s, "_start", 9) };

      synth_sample (&s, TID2, FALSE, b, G_N_ELEMENTS (b));
    }
  {
    guint64 c[] = { USER, fn (&s, "descend", 4), fn (&s, "one_round", 9), fn (&s, "worker", 9),
                    fn (&s, "main", 9), fn (&s, "_start", 9) };
    guint64 d[] = { USER, fn (&s, "leaf_spin", 4), fn (&s, "descend", 9), fn (&s, "op_rotate", 9) };
    guint64 e[] = { KERNEL, K_LEAF + 8, K_MID + 8, USER, fn (&s, "op_divide", 4), fn (&s, "one_round", 13),
                    fn (&s, "worker", 9), fn (&s, "main", 9), fn (&s, "_start", 9) };

    synth_sample (&s, PID, FALSE, c, G_N_ELEMENTS (c));
    synth_sample (&s, PID, FALSE, d, G_N_ELEMENTS (d));
    synth_sample (&s, PID, TRUE, e, G_N_ELEMENTS (e));
  }
  path = synth_write (&s, dir, "stacks.data");
  synth_clear (&s);
  return path;
}

static inline CsCallGraph *
synth_graph (CsProfile *profile)
{
  g_autoptr(GError) error = NULL;
  CsCallGraph *graph = cs_call_graph_new_for_profile (profile, NULL, &error);

  g_assert_no_error (error);
  return graph;
}

static inline const CsCallFunction *
synth_function (CsProfile  *profile,
                const char *name)
{
  for (guint i = 0; i < cs_profile_get_n_functions (profile); i++)
    if (g_str_equal (cs_profile_get_function (profile, i)->name, name))
      return cs_profile_get_function (profile, i);
  g_error ("no function %s", name);
}

/* The top-down node reached from the root through the functions named in
 * @path ("_start/main/worker"). */
static inline guint
synth_node (CsCallGraph *graph,
            const char  *path)
{
  CsProfile *profile = cs_call_graph_get_profile (graph);
  g_auto(GStrv) names = g_strsplit (path, "/", -1);
  guint node = CS_CALL_ROOT;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const CsCallNode *n = cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, node);
      guint next = CS_CALL_NO_NODE;

      for (guint c = node + 1; c < node + n->size; c += cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, c)->size)
        if (g_str_equal (cs_profile_get_function (profile, cs_call_graph_get_node (graph, CS_CALL_TREE_TOP_DOWN, c)->function)->name,
                         names[i]))
          next = c;
      g_assert_cmpuint (next, !=, CS_CALL_NO_NODE);
      node = next;
    }
  return node;
}

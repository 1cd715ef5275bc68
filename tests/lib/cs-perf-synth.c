/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-synth.c — a perf.data with every record kind and sample field */
#include "config.h"

#include <string.h>

#include "cs-perf-build.h"
#include "cs-perf-synth.h"
#include "cs-perf-writer.h"

/* event A: the side-band carrier; event B: every sample field */
#define ST_A (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
              PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)
#define ST_B (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
              PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | PERF_SAMPLE_BRANCH_STACK | \
              PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT_STRUCT | \
              PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_REGS_INTR | \
              PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP | PERF_SAMPLE_DATA_PAGE_SIZE | \
              PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_AUX)
#define RF_B (PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | \
              PERF_FORMAT_ID | PERF_FORMAT_LOST)
#define REGS_USER_MASK ((1u << 0) | (1u << 7) | (1u << 8))   /* AX, SP, IP */
#define REGS_INTR_MASK (1u << 1)                              /* BX */
/* struct perf_branch_entry flags, little-endian layout: mispred:1
 * predicted:1 in_tx:1 abort:1 cycles:16 type:4 spec:2 new_type:4 priv:3 */
#define BRANCH_FLAGS_0 (G_GUINT64_CONSTANT (1) | (G_GUINT64_CONSTANT (300) << 4) | (G_GUINT64_CONSTANT (3) << 20))
#define BRANCH_FLAGS_1 ((G_GUINT64_CONSTANT (1) << 1) | (G_GUINT64_CONSTANT (1) << 2) | \
                        (G_GUINT64_CONSTANT (7) << 4) | (G_GUINT64_CONSTANT (2) << 24) | \
                        (G_GUINT64_CONSTANT (5) << 26) | (G_GUINT64_CONSTANT (3) << 30))

/* Ends a record with the sample_id_all trailer of event A (none for a
 * synthesized record, @time 0). */
static void
end (GByteArray *b, gsize at, guint64 time)
{
  if (time)
    put_sample_id (b, 1000, 1001, time, 1, 42);
  record_end (b, at);
}

static void
rich_sample (GByteArray *b, guint64 time)
{
  gsize at = record_begin (b, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL);

  put64 (b, 77);                                       /* identifier */
  put64 (b, 0xffffffff81000000 + time);                /* ip */
  put32 (b, 2000), put32 (b, 2001);
  put64 (b, time);
  put64 (b, 2), put64 (b, 1000), put64 (b, 900);       /* group read */
  put64 (b, 11), put64 (b, 77), put64 (b, 0);
  put64 (b, 22), put64 (b, 79), put64 (b, 1);
  put64 (b, 3), put64 (b, (guint64) -512), put64 (b, 0x401000), put64 (b, 0x402000);
  put32 (b, 12);                                       /* raw: 4 + 12 is 8-aligned */
  for (guint8 i = 0; i < 12; i++)
    g_byte_array_append (b, &i, 1);
  put64 (b, 2), put64 (b, 5);                          /* branch stack, hw_idx */
  put64 (b, 0x401010), put64 (b, 0x401020), put64 (b, BRANCH_FLAGS_0);
  put64 (b, 0x401030), put64 (b, 0x401040), put64 (b, BRANCH_FLAGS_1);
  put64 (b, 2), put64 (b, 1), put64 (b, 2), put64 (b, 3);   /* regs user */
  put64 (b, 16);                                       /* user stack */
  for (guint8 i = 0; i < 16; i++)
    g_byte_array_append (b, &i, 1);
  put64 (b, 12);
  put32 (b, 0x12345), put16 (b, 0x66), put16 (b, 0x77);    /* weight struct */
  put64 (b, G_GUINT64_CONSTANT (0x1e05080021));       /* data_src */
  put64 (b, 8);                                        /* transaction */
  put64 (b, 2), put64 (b, 0xabc);                      /* regs intr */
  put64 (b, 0x1234000), put64 (b, 99), put64 (b, 4096), put64 (b, 2097152);
  put64 (b, 8), put64 (b, G_GUINT64_CONSTANT (0x0807060504030201));   /* aux */
  end (b, at, 0);
}

char *
cs_perf_synth_write (const char *dir)
{
  char *path = g_build_filename (dir, "synth.data", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfWriter) writer = cs_perf_writer_new (path, &error);
  g_autoptr(GByteArray) b = g_byte_array_new ();
  const char *cmdline[] = { "cyclescope", "record", "--", "./a.out", NULL };
  struct perf_event_attr a = { 0 }, rich = { 0 };
  guint64 ids_a[] = { 42, 43 }, ids_b[] = { 77, 78 };
  gsize at;

  g_assert_no_error (error);
  a.type = PERF_TYPE_SOFTWARE;
  a.size = sizeof a;
  a.config = PERF_COUNT_SW_CPU_CLOCK;
  a.sample_period = 250000;
  a.sample_type = ST_A;
  a.sample_id_all = 1;
  a.mmap2 = 1;
  rich = a;
  rich.config = PERF_COUNT_SW_TASK_CLOCK;
  rich.sample_type = ST_B;
  rich.read_format = RF_B;
  rich.branch_sample_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HW_INDEX;
  rich.sample_regs_user = REGS_USER_MASK;
  rich.sample_stack_user = 16;
  rich.sample_regs_intr = REGS_INTR_MASK;
  cs_perf_writer_set_cmdline (writer, cmdline);
  g_assert_true (cs_perf_writer_add_event (writer, &a, "cpu-clock", ids_a, 2, &error));
  g_assert_true (cs_perf_writer_add_event (writer, &rich, "task-clock", ids_b, 2, &error));

  at = record_begin (b, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
  put32 (b, 1000), put32 (b, 1001);
  put_string (b, "a.out");
  end (b, at, 50);
  at = record_begin (b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | PERF_RECORD_MISC_MMAP_BUILD_ID);
  put32 (b, 1000), put32 (b, 1001);
  put64 (b, 0x400000), put64 (b, 0x1000), put64 (b, 0);
  g_byte_array_append (b, (const guint8 *) "\x14\0\0\0", 4);
  for (guint8 i = 1; i <= 20; i++)
    g_byte_array_append (b, &i, 1);
  put32 (b, 5), put32 (b, 2);
  put_string (b, "/tmp/a.out");
  end (b, at, 60);
  at = record_begin (b, PERF_RECORD_FORK, 0);
  put32 (b, 2000), put32 (b, 1000), put32 (b, 2001), put32 (b, 1001), put64 (b, 70);
  end (b, at, 70);
  at = record_begin (b, PERF_RECORD_THROTTLE, 0);
  put64 (b, 80), put64 (b, 42), put64 (b, 9);
  end (b, at, 80);
  at = record_begin (b, PERF_RECORD_UNTHROTTLE, 0);
  put64 (b, 90), put64 (b, 42), put64 (b, 9);
  end (b, at, 90);
  rich_sample (b, 300);
  rich_sample (b, 100);
  at = record_begin (b, PERF_RECORD_LOST, 0);
  put64 (b, 42), put64 (b, 7);
  end (b, at, 110);
  at = record_begin (b, PERF_RECORD_SWITCH_CPU_WIDE, PERF_RECORD_MISC_SWITCH_OUT);
  put32 (b, 3), put32 (b, 4);
  end (b, at, 120);
  at = record_begin (b, PERF_RECORD_KSYMBOL, 0);
  put64 (b, 0xffffffffc0000000), put32 (b, 0x100), put16 (b, 1), put16 (b, 0);
  put_string (b, "bpf_prog_x");
  end (b, at, 130);
  at = record_begin (b, 55, 0);              /* unknown kernel type: skipped by size */
  put64 (b, 1);
  end (b, at, 140);
  at = record_begin (b, 100, 0);             /* unknown synthesized type */
  put64 (b, 1);
  end (b, at, 0);
  g_assert_true (cs_perf_writer_write (writer, b->data, b->len, &error));
  g_assert_true (cs_perf_writer_finish_round (writer, &error));
  g_byte_array_set_size (b, 0);
  rich_sample (b, 200);
  at = record_begin (b, PERF_RECORD_LOST_SAMPLES, 0);
  put64 (b, 3);
  end (b, at, 210);
  at = record_begin (b, PERF_RECORD_EXIT, 0);
  put32 (b, 2000), put32 (b, 1000), put32 (b, 2001), put32 (b, 1001), put64 (b, 400);
  end (b, at, 400);
  g_assert_true (cs_perf_writer_write (writer, b->data, b->len, &error));
  g_assert_true (cs_perf_writer_finish_round (writer, &error));
  g_assert_true (cs_perf_writer_finish (writer, &error));
  g_assert_no_error (error);
  return path;
}

static void
check_rich (const CsPerfRecord *r)
{
  const CsPerfSample *s = &r->sample;
  static const guint8 bytes[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

  g_assert_cmpuint (s->sample_type, ==, ST_B);
  g_assert_cmpuint (r->id, ==, 77);
  g_assert_cmphex (s->ip, ==, 0xffffffff81000000 + r->time);
  g_assert_cmpuint (r->pid, ==, 2000);
  g_assert_cmpuint (r->tid, ==, 2001);
  g_assert_cmpuint (s->period, ==, 250000);
  g_assert_cmpuint (s->time_enabled, ==, 1000);
  g_assert_cmpuint (s->time_running, ==, 900);
  g_assert_cmpuint (s->n_values, ==, 2);
  g_assert_cmpuint (s->values[0].value, ==, 11);
  g_assert_cmpuint (s->values[1].id, ==, 79);
  g_assert_cmpuint (s->values[1].lost, ==, 1);
  g_assert_cmpuint (s->n_callchain, ==, 3);
  g_assert_cmphex (s->callchain[0], ==, (guint64) -512);
  g_assert_cmphex (s->callchain[2], ==, 0x402000);
  g_assert_cmpmem (s->raw, s->raw_size, bytes, 12);
  g_assert_true (s->has_branch_hw_idx);
  g_assert_cmpuint (s->branch_hw_idx, ==, 5);
  g_assert_cmpuint (s->n_branches, ==, 2);
  g_assert_cmphex (s->branches[0].from, ==, 0x401010);
  g_assert_cmphex (s->branches[1].to, ==, 0x401040);
  g_assert_cmphex (s->branches[0].flags, ==, BRANCH_FLAGS_0);
  g_assert_cmphex (s->branches[1].flags, ==, BRANCH_FLAGS_1);
  g_assert_cmpuint (s->regs_user.abi, ==, 2);
  g_assert_cmpuint (s->regs_user.n_regs, ==, 3);
  g_assert_cmpuint (s->regs_user.regs[2], ==, 3);
  g_assert_cmpmem (s->stack_user, s->stack_user_size, bytes, 16);
  g_assert_cmpuint (s->stack_user_dyn_size, ==, 12);
  g_assert_cmphex (s->weight, ==, 0x12345);
  g_assert_cmphex (s->weight_var2, ==, 0x66);
  g_assert_cmphex (s->weight_var3, ==, 0x77);
  g_assert_cmphex (s->data_src, ==, G_GUINT64_CONSTANT (0x1e05080021));
  g_assert_cmphex (s->transaction, ==, 8);
  g_assert_cmpuint (s->regs_intr.n_regs, ==, 1);
  g_assert_cmphex (s->regs_intr.regs[0], ==, 0xabc);
  g_assert_cmphex (s->phys_addr, ==, 0x1234000);
  g_assert_cmpuint (s->cgroup, ==, 99);
  g_assert_cmpuint (s->data_page_size, ==, 4096);
  g_assert_cmpuint (s->code_page_size, ==, 2097152);
  g_assert_cmpmem (s->aux, s->aux_size, bytes + 1, 8);
}

void
cs_perf_synth_check (CsPerfReader *reader)
{
  g_autoptr(GString) seen = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  const CsPerfRecord *r;
  const CsPerfStats *stats;

  g_assert_cmpuint (cs_perf_reader_get_n_attrs (reader), ==, 2);
  g_assert_cmpstr (cs_perf_reader_get_attr (reader, 1)->name, ==, "task-clock");
  g_assert_cmphex (cs_perf_reader_get_attr (reader, 1)->attr.branch_sample_type, ==,
                   PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HW_INDEX);
  g_assert_cmphex (cs_perf_reader_get_attr (reader, 1)->attr.flags & CS_PERF_ATTR_SAMPLE_ID_ALL, !=, 0);
  while (cs_perf_reader_next (reader, &r, &error))
    {
      if (r->type < 64 && r->type != CS_PERF_RECORD_SAMPLE && r->type != 55)
        {
          g_assert_true (r->attr == cs_perf_reader_get_attr (reader, 0));
          g_assert_cmpuint (r->id, ==, 42);
          g_assert_cmpuint (r->cpu, ==, 1);
        }
      switch (r->type)
        {
        case CS_PERF_RECORD_SAMPLE:
          g_assert_true (r->attr == cs_perf_reader_get_attr (reader, 1));
          check_rich (r);
          break;
        case CS_PERF_RECORD_MMAP2:
          g_assert_cmpuint (r->mmap.build_id_size, ==, 20);
          g_assert_cmpuint (r->mmap.build_id[19], ==, 20);
          g_assert_cmpuint (r->mmap.prot, ==, 5);
          g_assert_cmpstr (r->mmap.filename, ==, "/tmp/a.out");
          break;
        case CS_PERF_RECORD_FORK:
        case CS_PERF_RECORD_EXIT:
          g_assert_cmpuint (r->task.pid, ==, 2000);
          g_assert_cmpuint (r->task.ppid, ==, 1000);
          g_assert_cmpuint (r->task.ptid, ==, 1001);
          g_assert_cmpuint (r->task.time, ==, r->time);
          break;
        case CS_PERF_RECORD_THROTTLE:
        case CS_PERF_RECORD_UNTHROTTLE:
          g_assert_cmpuint (r->throttle.time, ==, r->time);
          g_assert_cmpuint (r->throttle.stream_id, ==, 9);
          break;
        case CS_PERF_RECORD_LOST:
          g_assert_cmpuint (r->lost.id, ==, 42);
          g_assert_cmpuint (r->lost.lost, ==, 7);
          break;
        case CS_PERF_RECORD_LOST_SAMPLES:
          g_assert_cmpuint (r->lost.lost, ==, 3);
          break;
        case CS_PERF_RECORD_SWITCH_CPU_WIDE:
          g_assert_true (r->cswitch.out);
          g_assert_cmpuint (r->cswitch.next_prev_tid, ==, 4);
          break;
        case CS_PERF_RECORD_KSYMBOL:
          g_assert_cmphex (r->ksymbol.addr, ==, 0xffffffffc0000000);
          g_assert_cmpuint (r->ksymbol.len, ==, 0x100);
          g_assert_cmpstr (r->ksymbol.name, ==, "bpf_prog_x");
          break;
        default:
          break;
        }
      if (r->type != CS_PERF_RECORD_HEADER_BUILD_ID)
        g_string_append_printf (seen, "%u@%" G_GINT64_FORMAT " ", r->type,
                                r->time == CS_PERF_NO_TIME ? -1 : (gint64) r->time);
    }
  g_assert_no_error (error);
  /* by hand: type 100 has no time, so it goes at once; the first round
   * releases nothing (no previous round), the second everything up to 300,
   * the end the rest */
  g_assert_cmpstr (seen->str, ==,
                   "100@-1 68@-1 68@-1 3@50 10@60 7@70 5@80 6@90 9@100 2@110 15@120 17@130 55@140 "
                   "9@200 13@210 9@300 4@400 ");
  stats = cs_perf_reader_get_stats (reader);
  g_assert_cmpuint (stats->n_lost, ==, 7);
  g_assert_cmpuint (stats->n_lost_samples, ==, 3);
  g_assert_cmpuint (stats->n_records[55], ==, 1);
}

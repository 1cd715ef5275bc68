/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sampler.c — sampling runs on the real kernel (cpu-clock)
 *
 * The workload (cs-test-hot-loop) burns a known amount of CPU time in one
 * function, so the expected figures come from outside the code under test:
 * sample counts from CPU time × frequency, "inside the hot function" from
 * the ELF symbol range, the sampled period from 10^9 ns / frequency.
 */
#include "config.h"

#include <asm/perf_regs.h>

#include "cs-collector-error.h"
#include "cs-launcher.h"
#include "cs-sampler.h"
#include "cs-test-sampling.h"

static char *tmpdir;

static void
check_hot_samples (CsTestPerfData *data,
                   guint           min_samples,
                   guint           max_samples)
{
  g_autofree char *program = cs_test_hot_loop_path ();
  CsTestSymbol sym = cs_test_elf_symbol (program, "cs_hot_loop");
  const CsTestMap *map = cs_test_perf_data_find_map (data, program);
  guint inside = 0;

  g_assert_nonnull (map);
  g_assert_cmpuint (data->samples->len, >=, min_samples);
  g_assert_cmpuint (data->samples->len, <=, max_samples);

  for (guint i = 0; i < data->samples->len; i++)
    {
      const CsTestSample *s = &g_array_index (data->samples, CsTestSample, i);

      if (s->ip >= map->start && s->ip < map->start + map->len)
        {
          guint64 vaddr = cs_test_ip_to_vaddr (map, &sym, s->ip);

          if (vaddr >= sym.lo && vaddr < sym.hi)
            inside++;
        }
      /* Every sample belongs to the program's process. */
      g_assert_cmpuint (s->pid, ==, map->pid);
    }
  g_test_message ("%u of %u samples inside cs_hot_loop [%#" G_GINT64_MODIFIER "x, %#"
                  G_GINT64_MODIFIER "x)", inside, data->samples->len, sym.lo, sym.hi);
  g_assert_cmpuint (inside * 10, >=, data->samples->len * 9);
}

static void
test_hot_loop (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "hot.data", NULL);
  g_autoptr(CsTestPerfData) data = NULL;
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplerStats stats;

  cs_test_record_hot_loop (path, "1.0", "1", &options, NULL, &stats);
  data = cs_test_perf_data_load (path);

  g_test_message ("samples %" G_GUINT64_FORMAT ", lost %" G_GUINT64_FORMAT ", drains %u, cpus %u",
                  stats.n_samples, stats.n_lost, stats.n_drains, stats.n_cpus);
  /* 1 s of CPU time at 1 kHz. */
  check_hot_samples (data, 800, 1200);
  g_assert_cmpuint (stats.n_samples, ==, data->samples->len);
  g_assert_cmpuint (stats.n_lost, ==, 0);
  g_assert_cmpuint (data->n_finished_round, >=, 1);
  g_assert_cmpuint (data->n_comm, >=, 1);

  for (guint i = 0; i < data->samples->len; i++)
    {
      const CsTestSample *s = &g_array_index (data->samples, CsTestSample, i);

      /* The kernel turns -F 1000 into a 10^6 ns period for cpu-clock. */
      g_assert_cmpuint (s->period, ==, 1000000);
      /* One id per CPU's fd, all declared for the single attr. */
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (data->id_to_attr, &s->id)), ==, 1);
      g_assert_cmpuint (s->cpu, <, stats.n_cpus);
      g_assert_cmpuint (s->time, >, 0);
    }
  g_assert_cmpuint (g_hash_table_size (data->id_to_attr), ==, stats.n_cpus);

  /* The kernel reports the dynamic loader, libc and the vDSO itself. */
  {
    gboolean ld = FALSE, libc = FALSE, vdso = FALSE;

    for (guint i = 0; i < data->maps->len; i++)
      {
        const CsTestMap *m = &g_array_index (data->maps, CsTestMap, i);

        ld |= strstr (m->filename, "/ld-linux") != NULL;
        libc |= strstr (m->filename, "/libc.so") != NULL;
        vdso |= g_strcmp0 (m->filename, "[vdso]") == 0;
      }
    g_assert_true (ld);
    g_assert_true (libc);
    g_assert_true (vdso);
  }
}

static void
test_threads (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "threads.data", NULL);
  g_autoptr(CsTestPerfData) data = NULL;
  g_autoptr(GHashTable) tids = g_hash_table_new (NULL, NULL);
  CsSamplerOptions options = { .frequency = 1000 };
  CsSamplerStats stats;

  /* Two threads with 0.5 s of CPU each: the second thread's samples only
   * come through inheritance. */
  cs_test_record_hot_loop (path, "0.5", "2", &options, NULL, &stats);
  data = cs_test_perf_data_load (path);
  check_hot_samples (data, 800, 1200);
  g_assert_cmpuint (data->n_fork, >=, 1);

  for (guint i = 0; i < data->samples->len; i++)
    {
      const CsTestSample *s = &g_array_index (data->samples, CsTestSample, i);
      g_hash_table_add (tids, GUINT_TO_POINTER (s->tid));
    }
  g_assert_cmpuint (g_hash_table_size (tids), ==, 2);
}

static void
test_period (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "period.data", NULL);
  g_autoptr(CsTestPerfData) data = NULL;
  CsSamplerOptions options = { .period = 2000000 };
  CsSamplerStats stats;

  /* -c 2000000 ns: 500 samples per CPU second. */
  cs_test_record_hot_loop (path, "1.0", "1", &options, NULL, &stats);
  data = cs_test_perf_data_load (path);
  check_hot_samples (data, 400, 600);
  for (guint i = 0; i < data->samples->len; i++)
    g_assert_cmpuint (g_array_index (data->samples, CsTestSample, i).period, ==, 2000000);
}

static void
test_callchain_regs (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "regs.data", NULL);
  g_autoptr(CsTestPerfData) data = NULL;
  CsSamplerOptions options = { .frequency = 1000, .callchain = TRUE, .user_regs = TRUE };
  CsSamplerStats stats;
  /* Index of a register among the sampled ones: the mask's bits below it. */
  guint ip_index = (guint) __builtin_popcountll (0xff0fffULL & ((1ULL << PERF_REG_X86_IP) - 1));
  guint sp_index = (guint) __builtin_popcountll (0xff0fffULL & ((1ULL << PERF_REG_X86_SP) - 1));

  cs_test_record_hot_loop (path, "0.3", "1", &options, NULL, &stats);
  data = cs_test_perf_data_load (path);

  /* perf's PERF_REGS_MASK for x86-64: AX..SS and R8..R15, not DS/ES/FS/GS. */
  g_assert_cmphex (data->regs_mask, ==, 0xff0fff);
  g_assert_true (data->sample_type & PERF_SAMPLE_CALLCHAIN);
  g_assert_true (data->sample_type & PERF_SAMPLE_REGS_USER);
  g_assert_cmpuint (data->samples->len, >=, 200);
  g_assert_cmpuint (stats.n_samples, ==, data->samples->len);

  for (guint i = 0; i < data->samples->len; i++)
    {
      const CsTestSample *s = &g_array_index (data->samples, CsTestSample, i);

      /* A user-space sample: the user callchain starts with the context
       * marker and the sampled IP; the sampled registers are the same
       * interrupted user context. */
      g_assert_cmpuint (s->n_callchain, >=, 2);
      g_assert_cmphex (s->callchain[0], ==, (guint64) PERF_CONTEXT_USER);
      g_assert_cmphex (s->callchain[1], ==, s->ip);
      g_assert_cmpuint (s->abi, ==, PERF_SAMPLE_REGS_ABI_64);
      g_assert_cmpuint (s->n_regs, ==, 20);
      g_assert_cmphex (s->regs[ip_index], ==, s->ip);
      g_assert_cmphex (s->regs[sp_index], !=, 0);
    }
}

static void
test_two_events (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "two.data", NULL);
  g_autoptr(CsTestPerfData) data = NULL;
  CsSamplerStats stats;
  guint per_attr[3];

  data = cs_test_record_two_clocks (path, "1.0", per_attr, &stats);
  g_assert_cmpuint (data->n_attrs, ==, 2);
  g_assert_cmpuint (stats.n_events, ==, 2);
  g_assert_cmpuint (stats.n_samples, ==, data->samples->len);

  /* Both events share each CPU's buffer (SET_OUTPUT); the identifier tells
   * them apart (every sample's id names one of the two attrs), and each saw
   * the program's 1 s of CPU. */
  g_assert_cmpuint (per_attr[0], ==, 0);
  g_assert_cmpuint (per_attr[1] + per_attr[2], ==, data->samples->len);
  g_test_message ("cpu-clock %u, task-clock %u samples", per_attr[1], per_attr[2]);
  g_assert_cmpuint (per_attr[1], >=, 800);
  g_assert_cmpuint (per_attr[1], <=, 1200);
  g_assert_cmpuint (per_attr[2], >=, 800);
  g_assert_cmpuint (per_attr[2], <=, 1200);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "errors.data", NULL);
  const char *argv[] = { "/bin/true", NULL };
  g_autoptr(CsLauncher) launcher = cs_launcher_new (argv, NULL, NULL, &error);
  g_autoptr(CsPerfWriter) writer = NULL;
  g_autoptr(CsSampler) sampler = NULL;
  struct perf_event_attr attr = cs_test_cpu_clock_attr ();
  CsSamplerEvent event = { &attr, "cpu-clock" };
  CsSamplerOptions too_fast = { .frequency = G_MAXUINT32 };
  CsSamplerOptions bad_pages = { .n_pages = 3 };

  g_assert_no_error (error);
  writer = cs_perf_writer_new (path, &error);
  g_assert_no_error (error);

  /* Far above kernel.perf_event_max_sample_rate: the message names the
   * limit and the sysctl. */
  sampler = cs_sampler_new (cs_launcher_get_pid (launcher), &event, 1, &too_fast, writer, &error);
  g_assert_null (sampler);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "perf_event_max_sample_rate"));
  g_clear_error (&error);

  sampler = cs_sampler_new (cs_launcher_get_pid (launcher), &event, 1, &bad_pages, writer, &error);
  g_assert_null (sampler);
  g_assert_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED);
  g_clear_error (&error);

  /* A hardware event on a machine without PMU (or a bogus software
   * config): the kernel refuses, the error names the event. */
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = 0xdead;
  event.name = "bogus-event";
  sampler = cs_sampler_new (cs_launcher_get_pid (launcher), &event, 1, NULL, writer, &error);
  g_assert_null (sampler);
  g_assert_nonnull (error);
  g_assert_true (error->domain == CS_COLLECTOR_ERROR);
  g_assert_nonnull (strstr (error->message, "bogus-event"));
  g_clear_error (&error);

  /* Nothing was recorded: the file goes away with the writer. */
  g_clear_pointer (&writer, cs_perf_writer_free);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sampler/hot-loop", test_hot_loop);
  g_test_add_func ("/sampler/threads", test_threads);
  g_test_add_func ("/sampler/period", test_period);
  g_test_add_func ("/sampler/callchain-regs", test_callchain_regs);
  g_test_add_func ("/sampler/two-events", test_two_events);
  g_test_add_func ("/sampler/errors", test_errors);

  return cs_test_run_with_tmpdir (&tmpdir);
}

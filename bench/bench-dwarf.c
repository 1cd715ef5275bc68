/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-dwarf.c — DWARF call stacks of a large recording beside perf and
 * hotspot
 *
 *   bench-dwarf CYCLESCOPE DWARF-WORKLOAD [SAMPLES]
 *
 * Set-up: `perf record --call-graph dwarf -F 4000 -e cpu-clock` of two
 * CPU-bound processes (dwarf-workload, one thread each: no frame
 * pointers, libc, libm and a shared library on the stacks), long enough
 * for about SAMPLES samples with 8 KiB stack copies each (default 45 000,
 * about 380 MB), under /tmp. Then, round by round so that every figure
 * sees the same machine (these machines are shared):
 *
 *   - `perf report --children --sort sym -g caller --stdio` (the anchor),
 *     hotspot's perfparser (`hotspot-perfparser --input FILE`, when
 *     installed) and `cyclescope report --children --sort sym
 *     --call-graph caller`, as processes;
 *   - in this process: loading the file — reading, unwinding every
 *     sample, symbols — and building every tree (top-down, bottom-up,
 *     functions, callers and callees), with the unwinder's default of one
 *     thread per processor and with one thread;
 *   - the unwinding alone (CsUnwinder on the samples read beforehand),
 *     one thread against two, per sample.
 *
 * Each figure also as CPU time (user and system, all threads; for the
 * processes their own), which a shared machine does not inflate.
 * And the memory beyond the file's mapping, in a fresh process. Medians
 * of the rounds are printed; the goal (issue 13): loading with every tree
 * at most 0.5 x perf report's wall time. The exit status is 0 unless
 * something failed to run.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>

#include "cs-bench-profile.h"
#include "cs-call-graph.h"
#include "cs-perf-reader.h"
#include "cs-profile-samples.h"
#include "cs-unwinder.h"

#define ROUNDS      5
#define PERFPARSER  "/usr/lib/x86_64-linux-gnu/libexec/hotspot-perfparser"
/* two processes sampled at 4 kHz */
#define SAMPLES_PER_SECOND 8000.0

static char *perf;

static gboolean
record (const char *workload,
        const char *file,
        double      seconds)
{
  g_autofree char *script = g_strdup_printf ("'%s' --cpu %.2f --threads 1 & '%s' --cpu %.2f --threads 1; wait",
                                             workload, seconds, workload, seconds);
  /* -N: nothing into perf's build-id cache under $HOME */
  const char *argv[] = { perf, "record", "-q", "-N", "--call-graph", "dwarf", "-F", "4000", "-e", "cpu-clock",
                         "-o", file, "--", "/bin/sh", "-c", script, NULL };

  g_print ("set-up: perf record --call-graph dwarf -F 4000 -e cpu-clock -- two dwarf-workload --cpu %.2f\n",
           seconds);
  return cs_bench_run_timed (argv) >= 0;
}

/* Loads @file and builds every tree with @threads unwinding threads
 * (NULL: the default); returns the wall time, *@cpu (may be NULL) the CPU
 * time of all threads. */
static double
load_and_build (const char  *file,
                const char  *threads,
                CsProfile  **out,
                double      *cpu)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsProfile) profile = NULL;
  g_autoptr(CsCallGraph) graph = NULL;
  double c0 = cs_bench_cpu (RUSAGE_SELF);
  double t0;

  if (threads != NULL)
    g_setenv ("CYCLESCOPE_UNWIND_THREADS", threads, TRUE);
  else
    g_unsetenv ("CYCLESCOPE_UNWIND_THREADS");
  t0 = cs_bench_now ();
  if (!(profile = cs_profile_load (file, NULL, NULL, NULL, NULL, &error)) ||
      !(graph = cs_call_graph_new_for_profile (profile, NULL, &error)))
    g_error ("loading %s failed: %s", file, error->message);
  t0 = cs_bench_now () - t0;
  if (cpu != NULL)
    *cpu = cs_bench_cpu (RUSAGE_SELF) - c0;
  g_unsetenv ("CYCLESCOPE_UNWIND_THREADS");
  if (out != NULL)
    *out = g_steal_pointer (&profile);
  return t0;
}

/* --- the unwinding alone --- */

typedef struct
{
  CsAddressSpace *space;
  GArray         *samples;   /* CsUnwindSample: copies of the registers, the
                              * stacks in the mapping */
  GHashTable     *maps;      /* pid -> its mappings until they change, as
                              * the profile shares them */
} Samples;

static gboolean
on_record (const CsPerfRecord *r,
           gpointer            user_data)
{
  Samples *s = user_data;
  const CsPerfSample *x = &r->sample;
  CsUnwindSample u = { 0 };

  if (r->type != CS_PERF_RECORD_SAMPLE)
    g_hash_table_remove_all (s->maps);
  switch (r->type)
    {
    case CS_PERF_RECORD_MMAP:
    case CS_PERF_RECORD_MMAP2:
      cs_address_space_mmap (s->space, (gint32) r->mmap.pid, r->mmap.addr, r->mmap.len, r->mmap.pgoff,
                             r->mmap.prot, r->mmap.flags, r->mmap.filename,
                             r->mmap.build_id_size > 0 ? r->mmap.build_id : NULL, r->mmap.build_id_size);
      break;
    case CS_PERF_RECORD_COMM:
      cs_address_space_comm (s->space, (gint32) r->comm.pid, (gint32) r->comm.tid, r->comm.comm, r->comm.exec);
      break;
    case CS_PERF_RECORD_FORK:
      cs_address_space_fork (s->space, (gint32) r->task.pid, (gint32) r->task.ppid);
      break;
    case CS_PERF_RECORD_SAMPLE:
      if (x->regs_user.abi == 0 || x->stack_user_size == 0)
        break;
      u.pid = (gint32) r->pid;
      u.tid = (gint32) r->tid;
      u.regs_abi = x->regs_user.abi;
      u.regs_mask = x->regs_user.mask;
      u.n_regs = x->regs_user.n_regs;
      u.regs = g_memdup2 (x->regs_user.regs, (gsize) u.n_regs * 8);
      u.stack_size = MIN (x->stack_user_dyn_size, x->stack_user_size);
      /* the stack stays in the mapping, as the profile keeps it */
      u.stack = x->stack_user;
      if ((u.maps = g_hash_table_lookup (s->maps, GINT_TO_POINTER (u.pid))) == NULL)
        g_hash_table_insert (s->maps, GINT_TO_POINTER (u.pid),
                             (u.maps = cs_address_space_dup_mappings (s->space, u.pid)));
      g_ptr_array_ref (u.maps);
      g_array_append_val (s->samples, u);
      break;
    default:
      break;
    }
  return TRUE;
}

/* Wall time; *@cpu gets the CPU time of all threads meanwhile. */
static double
unwind_all (CsUnwinder     *unwinder,
            Samples        *s,
            guint64        *frames,
            CsUnwindResult *results,
            double         *cpu)
{
  g_autoptr(GError) error = NULL;
  const CsUnwindSample *in = (const CsUnwindSample *) (gpointer) s->samples->data;
  double c0 = cs_bench_cpu (RUSAGE_SELF);
  double t0 = cs_bench_now ();

  /* in batches, as the profile hands them over */
  for (guint first = 0; first < s->samples->len; first += 4096)
    {
      guint n = MIN (4096, s->samples->len - first);

      if (!cs_unwinder_unwind (unwinder, in + first, n, frames, results, NULL, &error))
        g_error ("unwinding failed: %s", error->message);
    }
  t0 = cs_bench_now () - t0;
  if (cpu != NULL)
    *cpu = cs_bench_cpu (RUSAGE_SELF) - c0;
  return t0;
}

static int
measure_memory (const char *file)
{
  g_autoptr(GError) error = NULL;
  gint64 before = cs_bench_status_kb ("RssAnon"), peak = before;
  g_autoptr(CsProfile) profile = cs_profile_load (file, NULL, cs_bench_track_peak, &peak, NULL, &error);
  g_autoptr(CsCallGraph) graph = profile != NULL ? cs_call_graph_new_for_profile (profile, NULL, &error) : NULL;

  if (graph == NULL)
    g_error ("loading %s failed: %s", file, error->message);
  peak = MAX (peak, cs_bench_status_kb ("RssAnon"));
  g_print ("%" G_GINT64_FORMAT " %" G_GUINT64_FORMAT "\n", peak - before, cs_bench_count_samples (profile));
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *self_exe = NULL;
  g_autoptr(CsProfile) profile = NULL;
  guint64 want = 45000, n = 0;
  double t_perf[ROUNDS], t_parser[ROUNDS], t_report[ROUNDS], t_load[ROUNDS], t_load1[ROUNDS];
  double t_unwind1[ROUNDS], t_unwind2[ROUNDS], c_unwind1[ROUNDS], c_unwind2[ROUNDS];
  double c_perf[ROUNDS], c_parser[ROUNDS], c_report[ROUNDS], c_load[ROUNDS];
  gboolean parser;
  guint n_cpus = g_get_num_processors ();
  gint64 growth = 0;
  guint64 n_mem = 0;
  Samples s = { 0 };
  g_autoptr(CsPerfReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint64 *frames = NULL;
  g_autofree CsUnwindResult *results = NULL;

  if (argc == 3 && g_str_equal (argv[1], "--memory"))
    return measure_memory (argv[2]);
  if (argc < 3)
    {
      g_printerr ("usage: bench-dwarf CYCLESCOPE DWARF-WORKLOAD [SAMPLES]\n");
      return 2;
    }
  if (argc > 3)
    want = g_ascii_strtoull (argv[3], NULL, 10);
  if (!(perf = g_find_program_in_path ("perf")))
    {
      g_print ("perf is not installed: nothing to compare with\n");
      return 0;
    }
  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  dir = g_dir_make_tmp ("bench-dwarf-XXXXXX", NULL);
  file = g_build_filename (dir, "dwarf.data", NULL);

  /* the recording, repeated once longer when it fell short */
  {
    double seconds = want / SAMPLES_PER_SECOND;

    for (guint attempt = 0; attempt < 2; attempt++)
      {
        if (!record (argv[2], file, seconds))
          return 1;
        g_clear_object (&profile);
        load_and_build (file, NULL, &profile, NULL);
        n = cs_bench_count_samples (profile);
        if (n >= want * 0.9)
          break;
        seconds *= (double) want / MAX (n, 1) * 1.05;
      }
  }
  {
    GStatBuf st;
    g_autoptr(CsCallGraph) graph = cs_call_graph_new_for_profile (profile, NULL, NULL);

    g_stat (file, &st);
    g_print ("file: %" G_GUINT64_FORMAT " samples, %.0f MB, %u stack nodes, %u frames, "
             "%.2f %% broken stacks; %u processors\n\n", n, st.st_size / 1e6,
             cs_call_stacks_get_n_nodes (cs_profile_get_call_stacks (profile)),
             cs_call_stacks_get_n_frames (cs_profile_get_call_stacks (profile)),
             cs_call_graph_get_broken_percent (graph, cs_profile_get_default_event (profile)->index), n_cpus);
  }
  g_clear_object (&profile);

  /* the samples for the unwinding alone */
  s.space = cs_address_space_new ();
  s.samples = g_array_new (FALSE, FALSE, sizeof (CsUnwindSample));
  s.maps = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  if (!(reader = cs_perf_reader_new (file, &error)) || !cs_perf_reader_foreach (reader, on_record, &s, &error))
    g_error ("reading %s failed: %s", file, error->message);
  frames = g_new (guint64, (gsize) 4096 * CS_UNWIND_MAX_FRAMES);
  results = g_new (CsUnwindResult, 4096);

  parser = g_file_test (PERFPARSER, G_FILE_TEST_IS_EXECUTABLE);
  for (guint r = 0; r < ROUNDS; r++)
    {
      const char *perf_argv[] = { perf, "report", "-i", file, "--children", "--sort", "sym", "-g", "caller",
                                  "--stdio", NULL };
      const char *parser_argv[] = { PERFPARSER, "--input", file, "--output", "/dev/null", NULL };
      const char *ours_argv[] = { argv[1], "report", file, "--children", "--sort", "sym", "--call-graph",
                                  "caller", NULL };

      t_perf[r] = cs_bench_run_timed_cpu (perf_argv, &c_perf[r]);
      t_parser[r] = parser ? cs_bench_run_timed_cpu (parser_argv, &c_parser[r]) : -1;
      t_report[r] = cs_bench_run_timed_cpu (ours_argv, &c_report[r]);
      t_load[r] = load_and_build (file, NULL, NULL, &c_load[r]);
      t_load1[r] = load_and_build (file, "1", NULL, NULL);
      {
        g_autoptr(CsSymbolizer) symbolizer = cs_symbolizer_new ();
        g_autoptr(CsUnwinder) one = cs_unwinder_new (symbolizer, NULL, NULL, 1);
        g_autoptr(CsUnwinder) two = cs_unwinder_new (symbolizer, NULL, NULL, 2);

        /* a first pass maps the files and reports the modules */
        unwind_all (one, &s, frames, results, NULL);
        unwind_all (two, &s, frames, results, NULL);
        t_unwind1[r] = unwind_all (one, &s, frames, results, &c_unwind1[r]);
        t_unwind2[r] = unwind_all (two, &s, frames, results, &c_unwind2[r]);
      }
      if (t_perf[r] < 0 || t_report[r] < 0)
        return 1;
    }

  /* memory, in a fresh process */
  {
    const char *mem_argv[] = { self_exe, "--memory", file, NULL };
    g_autofree char *out = NULL;
    /* meson's MALLOC_PERTURB_ and G_DEBUG=gc-friendly fill every block
     * handed out: reserved room would count as used */
    g_auto(GStrv) envp = g_environ_unsetenv (g_environ_unsetenv (g_get_environ (), "MALLOC_PERTURB_"), "G_DEBUG");
    int status = 0;

    if (g_spawn_sync (NULL, (char **) mem_argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL) &&
        g_spawn_check_wait_status (status, NULL))
      sscanf (out, "%" G_GINT64_FORMAT " %" G_GUINT64_FORMAT, &growth, &n_mem);
  }

  {
    double perf_m = cs_bench_median (t_perf, ROUNDS);
    double parser_m = parser ? cs_bench_median (t_parser, ROUNDS) : -1;
    double report_m = cs_bench_median (t_report, ROUNDS);
    double load_m = cs_bench_median (t_load, ROUNDS);
    double load1_m = cs_bench_median (t_load1, ROUNDS);
    double u1 = cs_bench_median (t_unwind1, ROUNDS), u2 = cs_bench_median (t_unwind2, ROUNDS);
    guint n_unwound = s.samples->len;

    g_print ("medians of %d rounds:\n", ROUNDS);
    g_print ("perf report --children --sort sym -g caller --stdio:   %7.3f s  (the anchor)\n", perf_m);
    if (parser)
      g_print ("hotspot-perfparser --input FILE:                      %7.3f s  = %.2f x perf\n", parser_m,
               parser_m / perf_m);
    else
      g_print ("hotspot-perfparser: not installed (Debian's hotspot package has it)\n");
    g_print ("cyclescope report --children --call-graph caller:     %7.3f s  = %.2f x perf\n", report_m,
             report_m / perf_m);
    g_print ("loading with unwinding and every tree, %u threads:     %7.3f s  = %.2f x perf report (goal <= 0.5)\n",
             n_cpus, load_m, load_m / perf_m);
    g_print ("the same with one unwinding thread:                   %7.3f s  = %.2f x perf report\n", load1_m,
             load1_m / perf_m);
    g_print ("CPU time (user + system, all threads): perf report %.3f s; hotspot-perfparser %.3f s = %.2f x "
             "perf; cyclescope report %.3f s = %.2f x perf; loading with every tree %.3f s = %.2f x perf\n",
             cs_bench_median (c_perf, ROUNDS), parser ? cs_bench_median (c_parser, ROUNDS) : -1,
             parser ? cs_bench_median (c_parser, ROUNDS) / cs_bench_median (c_perf, ROUNDS) : -1,
             cs_bench_median (c_report, ROUNDS), cs_bench_median (c_report, ROUNDS) / cs_bench_median (c_perf, ROUNDS),
             cs_bench_median (c_load, ROUNDS), cs_bench_median (c_load, ROUNDS) / cs_bench_median (c_perf, ROUNDS));
    g_print ("per sample, loading with every tree: %.1f us (%u threads), %.1f us (1 thread)\n",
             load_m / n * 1e6, n_cpus, load1_m / n * 1e6);
    g_print ("unwinding alone, %u samples: 1 thread %.3f s = %.1f us per sample; 2 threads %.3f s = %.1f us "
             "per sample; %.2f x faster on 2\n", n_unwound, u1, u1 / MAX (n_unwound, 1) * 1e6, u2,
             u2 / MAX (n_unwound, 1) * 1e6, u1 / u2);
    g_print ("  CPU time of the unwinding: %.1f us per sample on 1 thread, %.1f us on 2 (their sum); a busy "
             "machine lets two threads run at once only part of the time\n",
             cs_bench_median (c_unwind1, ROUNDS) / MAX (n_unwound, 1) * 1e6,
             cs_bench_median (c_unwind2, ROUNDS) / MAX (n_unwound, 1) * 1e6);
    g_print ("memory beyond the mapping: RssAnon +%.1f MiB for %" G_GUINT64_FORMAT " samples = %.0f bytes per "
             "sample\n", growth / 1024.0, n_mem, n_mem > 0 ? growth * 1024.0 / n_mem : 0);
  }

  g_clear_pointer (&reader, cs_perf_reader_free);
  for (guint i = 0; i < s.samples->len; i++)
    {
      g_free ((gpointer) g_array_index (s.samples, CsUnwindSample, i).regs);
      g_ptr_array_unref (g_array_index (s.samples, CsUnwindSample, i).maps);
    }
  g_array_unref (s.samples);
  g_hash_table_unref (s.maps);
  g_object_unref (s.space);
  g_remove (file);
  g_rmdir (dir);
  return 0;
}

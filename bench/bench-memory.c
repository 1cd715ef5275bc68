/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-memory.c — the Memory view on a large recording
 *
 * Records cs-test-false-sharing's plain loop (two threads, `c->n++`) with
 * `cyclescope record --regs -F 20000` for a few seconds: ~100 000 samples
 * with registers. Then, each the median of several rounds:
 *
 * - loading the memory profile (decode every sample's instruction,
 *   reconstruct its address, count lines): time per sample, samples/s;
 * - building the scatter of every access (the Memory page's "All
 *   Accesses") and drawing it with cairo into a 1200 x 700 image, as the
 *   widget does on every frame;
 * - the same for the hottest line ("Selected Cacheline").
 *
 * Goals: <= 5 us per sample to load (a 1 M-sample recording in seconds),
 * and a frame of the largest scatter in <= 100 ms (the view stays usable).
 *
 * argv[1]: cyclescope, argv[2]: cs-test-false-sharing; argv[3]: seconds.
 */
#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>

#include "cs-bench-util.h"
#include "cs-memory-profile.h"
#include "cs-memory-scatter.h"
#include "cs-scatter-draw.h"

#define ROUNDS 5
#define WIDTH  1200
#define HEIGHT 700

static double
draw_ms (const CsScatterData *data)
{
  double t[ROUNDS];

  for (guint r = 0; r < ROUNDS; r++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
      cairo_t *cr = cairo_create (surface);
      CsChartStyle style;
      double t0;

      cs_chart_style_init (&style, CS_THEME_LIGHT);
      t0 = cs_bench_now ();
      cs_scatter_draw (cr, data, &style, WIDTH, HEIGHT);
      cairo_surface_flush (surface);
      t[r] = (cs_bench_now () - t0) * 1000;
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  return cs_bench_median (t, ROUNDS);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *bundle = NULL;
  g_autofree char *perf_data = NULL;
  g_autoptr(CsMemoryProfile) profile = NULL;
  const CsMemoryStats *st;
  const char *seconds;
  double load[ROUNDS], build[ROUNDS];
  double per_sample_us, all_ms, line_ms;
  guint n_accesses = 0;
  CsScatterData *all = NULL, *line = NULL;

  if (argc < 3)
    {
      g_printerr ("usage: bench-memory CYCLESCOPE CS-TEST-FALSE-SHARING [SECONDS]\n");
      return 2;
    }
  seconds = argc > 3 ? argv[3] : "3";
  dir = g_dir_make_tmp ("cs-bench-memory-XXXXXX", NULL);
  bundle = g_build_filename (dir, "fs.cyclescope", NULL);
  {
    const char *rec[] = { argv[1], "record", "--regs", "--no-counting", "-F", "20000", "-o", bundle,
                          "--", argv[2], "adjacent-plain", seconds, NULL };
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_print ("set-up: cyclescope record --regs -F 20000 -- cs-test-false-sharing adjacent-plain %s\n",
             seconds);
    if (!g_spawn_sync (NULL, (char **) rec, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                       &status, &error) ||
        !g_spawn_check_wait_status (status, &error))
      {
        g_printerr ("bench-memory: recording failed: %s\n", error->message);
        return 1;
      }
  }
  perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);

  for (guint r = 0; r < ROUNDS; r++)
    {
      g_autoptr(GError) error = NULL;
      double t0 = cs_bench_now ();

      g_clear_object (&profile);
      profile = cs_memory_profile_load (perf_data, NULL, NULL, &error);
      load[r] = cs_bench_now () - t0;
      if (profile == NULL)
        {
          g_printerr ("bench-memory: %s\n", error->message);
          return 1;
        }
    }
  st = cs_memory_profile_get_stats (profile);
  cs_memory_profile_get_accesses (profile, &n_accesses);
  if (st->n_samples == 0 || cs_memory_profile_get_n_lines (profile) == 0)
    {
      g_printerr ("bench-memory: no samples with an address\n");
      return 1;
    }
  per_sample_us = cs_bench_median (load, ROUNDS) / st->n_samples * 1e6;
  g_print ("memory profile: %" G_GUINT64_FORMAT " samples (%" G_GUINT64_FORMAT " with an address, "
           "%u lines) loaded in %.0f ms median: %.2f us per sample, %.0f k samples/s (goal <= 5 us)\n",
           st->n_samples, st->n_known, cs_memory_profile_get_n_lines (profile),
           cs_bench_median (load, ROUNDS) * 1000, per_sample_us, 1e-3 / per_sample_us * 1e6);
  g_print ("  accesses kept for the scatter: %u x %zu bytes = %.1f MiB\n", n_accesses,
           sizeof (CsMemoryAccess), n_accesses * sizeof (CsMemoryAccess) / 1048576.0);

  for (guint r = 0; r < ROUNDS; r++)
    {
      double t0 = cs_bench_now ();

      g_clear_pointer (&all, cs_scatter_data_unref);
      all = cs_memory_scatter_new_all (profile, cs_memory_profile_get_line (profile, 0));
      build[r] = (cs_bench_now () - t0) * 1000;
    }
  line = cs_memory_scatter_new_line (profile, cs_memory_profile_get_line (profile, 0));
  all_ms = draw_ms (all);
  line_ms = draw_ms (line);
  g_print ("scatter, all accesses: %u points built in %.1f ms, drawn %dx%d in %.1f ms median "
           "(goal <= 100 ms)\n",
           cs_scatter_data_get_n_points (all), cs_bench_median (build, ROUNDS), WIDTH, HEIGHT, all_ms);
  g_print ("scatter, hottest cacheline: %u points drawn in %.1f ms median\n",
           cs_scatter_data_get_n_points (line), line_ms);
  g_print ("summary: load %.2f us/sample (goal <= 5), all-accesses frame %.1f ms (goal <= 100)\n",
           per_sample_us, all_ms);

  cs_scatter_data_unref (all);
  cs_scatter_data_unref (line);
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);

    if (system (cmd) != 0)
      g_printerr ("bench-memory: could not remove %s\n", dir);
  }
  return per_sample_us <= 5 && all_ms <= 100 ? 0 : 1;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-perf-segments.h — samples in perf's order from `perf script`, cut at each sideband record (header only) */
#pragma once

#include <stdlib.h>

#include "cs-perf-test-util.h"

/* The samples between two sideband records, in order. */
typedef struct
{
  GPtrArray *segments;   /* GPtrArray of char* "pid/tid cpu time period ip" per segment */
  guint      n_sideband;
  guint64    n_samples;
} CsTestSegments;

static inline void
cs_test_segments_init (CsTestSegments *s)
{
  s->segments = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_ptr_array_add (s->segments, g_ptr_array_new_with_free_func (g_free));
  s->n_sideband = 0;
  s->n_samples = 0;
}

static inline void
cs_test_segments_clear (CsTestSegments *s)
{
  g_clear_pointer (&s->segments, g_ptr_array_unref);
}

static inline void
cs_test_segments_cut (CsTestSegments *s)
{
  g_ptr_array_add (s->segments, g_ptr_array_new_with_free_func (g_free));
  s->n_sideband++;
}

static inline void
cs_test_segments_add (CsTestSegments *s,
                      guint32         pid,
                      guint32         tid,
                      guint32         cpu,
                      guint64         time,
                      guint64         period,
                      guint64         ip)
{
  GPtrArray *last = g_ptr_array_index (s->segments, s->segments->len - 1);

  g_ptr_array_add (last, g_strdup_printf ("%u/%u %u %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %"
                                          G_GINT64_MODIFIER "x", pid, tid, cpu, time, period, ip));
  s->n_samples++;
}

/* perf's order, from `perf script`. */
static inline void
cs_test_perf_segments (const char     *perf,
                       const char     *file,
                       CsTestSegments *s)
{
  /* -G: the sample's own ip, not its callchain */
  const char *args[] = { "script", "-i", file, "--show-mmap-events", "--show-task-events", "-G",
                         "--ns", "-F", "pid,tid,cpu,time,period,ip", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_autoptr(GRegex) sample = g_regex_new ("^\\s*(\\d+)/(\\d+)\\s+\\[(\\d+)\\]\\s+(\\d+)\\.(\\d{9}):\\s+(\\d+)\\s+([0-9a-f]+)\\s*$",
                                          0, 0, NULL);
  g_autoptr(GRegex) sideband = g_regex_new ("PERF_RECORD_(MMAP2?|COMM|FORK|EXIT)[ :(]", 0, 0, NULL);

  cs_test_segments_init (s);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GMatchInfo) m = NULL;

      if (g_regex_match (sideband, lines[i], 0, NULL))
        cs_test_segments_cut (s);
      else if (g_regex_match (sample, lines[i], 0, &m))
        {
          g_autofree char *pid = g_match_info_fetch (m, 1);
          g_autofree char *tid = g_match_info_fetch (m, 2);
          g_autofree char *cpu = g_match_info_fetch (m, 3);
          g_autofree char *sec = g_match_info_fetch (m, 4);
          g_autofree char *nsec = g_match_info_fetch (m, 5);
          g_autofree char *period = g_match_info_fetch (m, 6);
          g_autofree char *ip = g_match_info_fetch (m, 7);
          guint64 time = g_ascii_strtoull (sec, NULL, 10) * G_GUINT64_CONSTANT (1000000000) +
                         g_ascii_strtoull (nsec, NULL, 10);

          cs_test_segments_add (s, atoi (pid), atoi (tid), atoi (cpu), time, g_ascii_strtoull (period, NULL, 10),
                        g_ascii_strtoull (ip, NULL, 16));
        }
      else if (lines[i][0] != '\0')
        g_error ("unexpected line from perf script: %s", lines[i]);
    }
}

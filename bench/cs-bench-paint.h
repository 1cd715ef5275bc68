/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-bench-paint.h — when a window has painted, for the benchmarks that
 * time frames (header only; the others need no GTK) */
#pragma once

#include <gtk/gtk.h>
#include <math.h>

#include "cs-bench-util.h"

typedef struct
{
  gboolean painted;
  double   at;
} CsBenchPaintWait;

static void
cs_bench_on_after_paint (GdkFrameClock    *clock,
                         CsBenchPaintWait *wait)
{
  if (!wait->painted)
    {
      wait->painted = TRUE;
      wait->at = cs_bench_now ();
    }
}

/* Runs the main loop until @window has painted a frame; the time it did
 * (NAN: not within a minute). */
static inline double
cs_bench_wait_for_paint (GtkWidget *window)
{
  CsBenchPaintWait wait = { FALSE, 0 };
  GdkFrameClock *clock;
  gulong id;
  double deadline = cs_bench_now () + 60;

  while (gtk_widget_get_frame_clock (window) == NULL && cs_bench_now () < deadline)
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (cs_bench_on_after_paint), &wait);
  gtk_widget_queue_draw (window);
  while (!wait.painted && cs_bench_now () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
  return wait.painted ? wait.at : NAN;
}

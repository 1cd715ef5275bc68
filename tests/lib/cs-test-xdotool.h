/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-xdotool.h — the real pointer in UI tests, through xdotool (header only) */
#pragma once

#include <math.h>

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "cs-test-util.h"

/* Runs xdotool's @argv; a failure fails the test. */
static inline void
cs_test_xdotool_run (const char * const *argv)
{
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status = 0;

  out = cs_test_run (argv, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xdotool failed: %s", err);
}

/* A click of the real pointer (@xdotool, NULL when missing) at (@x, @y) of
 * @widget in @window; FALSE when that cannot be done here. */
static inline gboolean
cs_test_xdotool_click (const char *xdotool,
                       GtkWidget  *window,
                       GtkWidget  *widget,
                       double      x,
                       double      y,
                       const char *button)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_point_t at;
  double sx, sy;
  g_autofree char *xid = NULL;
  g_autofree char *px = NULL;
  g_autofree char *py = NULL;

  if (xdotool == NULL || !GDK_IS_X11_SURFACE (surface) ||
      !gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (x, y), &at))
    return FALSE;
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  px = g_strdup_printf ("%d", (int) round (at.x + sx));
  py = g_strdup_printf ("%d", (int) round (at.y + sy));
  {
    const char *argv[] = { xdotool, "mousemove", "--sync", "--window", xid, px, py, "click", button, NULL };

    cs_test_xdotool_run (argv);
  }
  return TRUE;
#else
  return FALSE;
#endif
}

/* Drags from (@x0, @y) to (@x1, @y) of @widget in @window with the real
 * pointer, button 1; FALSE when that cannot be done here. */
static inline gboolean
cs_test_xdotool_drag (const char *xdotool,
                      GtkWidget  *window,
                      GtkWidget  *widget,
                      double      x0,
                      double      x1,
                      double      y)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  graphene_point_t from, to;
  double sx, sy;
  g_autofree char *xid = NULL;
  g_autofree char *px0 = NULL;
  g_autofree char *px1 = NULL;
  g_autofree char *py = NULL;

  if (xdotool == NULL || !GDK_IS_X11_SURFACE (surface))
    return FALSE;
  if (!gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (x0, y), &from) ||
      !gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (x1, y), &to))
    return FALSE;
  /* window coordinates are the surface's, shifted by its shadow */
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  px0 = g_strdup_printf ("%d", (int) round (from.x + sx));
  px1 = g_strdup_printf ("%d", (int) round (to.x + sx));
  py = g_strdup_printf ("%d", (int) round (from.y + sy));
  {
    const char *argv[] = { xdotool, "mousemove", "--sync", "--window", xid, px0, py, "mousedown", "1",
                           "mousemove", "--window", xid, px1, py, "sleep", "0.1",
                           "mousemove", "--window", xid, px1, py, "mouseup", "1", NULL };

    cs_test_xdotool_run (argv);
  }
  return TRUE;
#else
  return FALSE;
#endif
}

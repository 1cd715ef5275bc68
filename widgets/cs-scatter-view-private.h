/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-view-private.h — what the scatter view's files share */
#pragma once

#include "cs-scatter-view.h"

G_BEGIN_DECLS

struct _CsScatterView
{
  CsCairoView        parent_instance;
  CsScatterData     *data;
  CsScatterViewport  viewport;   /* what part is shown; { 0, 1, 0, 1 }: all */
  /* Hover and tooltips hit-test on every motion: the layout (text
   * measurement) is kept until the size, style, viewport or data change. */
  CsScatterGeometry *geometry;
  int                geometry_width, geometry_height;
  /* The pointer, for the wheel (NaN: outside). */
  double             pointer_x, pointer_y;
  /* Panning with the pointer. */
  double             drag_x, drag_y;   /* the offset already applied */
  gboolean           dragged;          /* moved far enough to be no click */
};

/* Drops the cached geometry and redraws. */
void _cs_scatter_view_changed    (CsScatterView *self);
/* The pointer's and the keys' controllers and actions (cs-scatter-view-input.c). */
void _cs_scatter_view_class_init_input (GtkWidgetClass *widget_class);
void _cs_scatter_view_init_input (CsScatterView *self);

G_END_DECLS

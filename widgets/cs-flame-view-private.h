/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-flame-view-private.h — shared by the flame graph widget's files:
 * cs-flame-view.c (the view, its properties, its drawing and words) and
 * cs-flame-view-input.c (pointer, keys, context-menu actions) */
#pragma once

#include "cs-flame-view.h"

G_BEGIN_DECLS

struct _CsFlameView
{
  CsCairoView    parent_instance;

  CsCallGraph   *graph;
  guint          event;
  gboolean       icicle;
  double         threshold;
  char          *search;
  char          *title;
  guint          zoom;
  GArray        *zoom_history;   /* guint: the zooms to go back to */
  guint          focus_node;
  guint          hover_node;

  CsFlameLayout *layout;
  int            layout_width;

  /* cs-flame-view-diff.c: the base's shares of the nodes of each tree
   * (CsNodeShares; by CsCallTreeKind) for the event shown, NULL: not
   * compared */
  GBytes        *base_shares[2];
  guint64        base_samples;
};

enum {
  CS_FLAME_VIEW_FUNCTION_SELECTED,
  CS_FLAME_VIEW_FUNCTION_ACTIVATED,
  CS_FLAME_VIEW_N_SIGNALS
};

extern guint _cs_flame_view_signals[CS_FLAME_VIEW_N_SIGNALS];

static inline CsCallTreeKind
_cs_flame_view_tree_kind (CsFlameView *self)
{
  return self->icicle ? CS_CALL_TREE_BOTTOM_UP : CS_CALL_TREE_TOP_DOWN;
}

/* cs-flame-view.c: the frame at (@x, @y) in widget coordinates, or NULL. */
const CsFlameFrame *_cs_flame_view_frame_at         (CsFlameView    *self,
                                                    double          x,
                                                    double          y);

/* cs-flame-view-diff.c: the base's shares for the drawing (NULL: none),
 * and the tooltip's line on @frame's change ("" when not compared). */
const CsNodeShares *_cs_flame_view_get_base_shares  (CsFlameView        *self);
void                _cs_flame_view_clear_base_shares (CsFlameView       *self);
char               *_cs_flame_view_describe_change  (CsFlameView        *self,
                                                    const CsFlameFrame *frame);

/* cs-flame-view-input.c */
void                _cs_flame_view_class_init_input (GtkWidgetClass *widget_class);
void                _cs_flame_view_init_input       (CsFlameView    *self);

G_END_DECLS

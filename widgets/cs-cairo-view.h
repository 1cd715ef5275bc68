/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-cairo-view.h — the base of every view drawn with cairo on a card
 *
 * A BAR or REF chart, the address scatter, a flame graph, a timeline: each is
 * a cairo drawing (widgets/draw, shared with the headless CLI) on a rounded
 * card, in the widget's light or dark palette, font and scale factor. This
 * base does what they have in common, so a new view writes only its drawing
 * and its words:
 *
 *  - the card, its border and focus ring; ::draw paints the view on it;
 *  - tooltips: ::describe says what is at a point, or (keyboard, no pointer)
 *    what the whole view shows;
 *  - the context menu (right click, Menu key, Shift+F10): "Export …", which
 *    emits ::export-requested, "Copy Value" (::get_copy_text to the
 *    clipboard) and the items a subclass adds;
 *  - cs_cairo_view_export(): the view as it is shown, to PNG, SVG or PDF;
 *  - ::invalidate after a change of size or style, for cached layouts.
 *
 * Actions (for menus, tests and key bindings): view.export,
 * view.copy-value, view.menu. A subclass calls
 * cs_cairo_view_set_has_content() when it gains or loses something to show.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-chart-draw.h"

G_BEGIN_DECLS

#define CS_TYPE_CAIRO_VIEW (cs_cairo_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (CsCairoView, cs_cairo_view, CS, CAIRO_VIEW, GtkWidget)

struct _CsCairoViewClass
{
  GtkWidgetClass parent_class;

  /* The menu item that emits ::export-requested; NULL: "_Export Image…".
   * Set in class_init, marked with N_(). */
  const char *export_label;

  /* Paints the view in @width × @height; @style's theme, scale and font are
   * the widget's (or the export's). Called only while the view has content. */
  void   (*draw)          (CsCairoView        *self,
                           cairo_t            *cr,
                           const CsChartStyle *style,
                           double              width,
                           double              height);
  /* Tooltip markup for the point (@x, @y) in widget coordinates, NULL when
   * nothing there has one; @x and @y are NaN for a keyboard tooltip, which
   * describes the whole view. */
  char  *(*describe)      (CsCairoView        *self,
                           double              x,
                           double              y);
  /* What "Copy Value" copies for a menu opened at (@x, @y) (NaN: from the
   * keyboard, the whole view). NULL in the class hides the item. */
  char  *(*get_copy_text) (CsCairoView        *self,
                           double              x,
                           double              y);
  /* The size or the style changed: drop cached geometry. */
  void   (*invalidate)    (CsCairoView        *self);

  /*< private >*/
  gpointer padding[8];
};

/* Enables the export and copy actions and the drawing; the accessible label
 * becomes @label (the view's title). */
void     cs_cairo_view_set_has_content (CsCairoView   *self,
                                        gboolean       has_content,
                                        const char    *label);
gboolean cs_cairo_view_get_has_content (CsCairoView   *self);
/* The style the next frame is drawn with: dark when the widget's text is
 * light, the widget's scale factor and font (@font receives the Pango font
 * description, to free; may be NULL). */
void     cs_cairo_view_get_style       (CsCairoView   *self,
                                        CsChartStyle  *style,
                                        char         **font);
/* Appends an item to the context menu's second section, e.g.
 * ("_Zoom to Function", "flame.zoom") for an action of the subclass. */
void     cs_cairo_view_add_menu_item   (CsCairoView   *self,
                                        const char    *label,
                                        const char    *detailed_action);
/* What the tooltip at (@x, @y) says (NaN, NaN: the keyboard tooltip) and
 * what "Copy Value" copies there; NULL when nothing. */
char    *cs_cairo_view_describe        (CsCairoView   *self,
                                        double         x,
                                        double         y);
char    *cs_cairo_view_get_copy_text   (CsCairoView   *self,
                                        double         x,
                                        double         y);
/* Writes the view as it is shown (its size on screen, twice the pixels for
 * PNG, its palette) to @path; the format comes from the extension (.png,
 * .svg, .pdf), any other extension is refused with a message saying which
 * ones work. */
gboolean cs_cairo_view_export          (CsCairoView   *self,
                                        const char    *path,
                                        GError       **error);

G_END_DECLS

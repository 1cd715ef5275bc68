/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-list-columns.h — column view columns built from a fill function
 *
 * The symbol, source and disassembly panes show lists of GObjects with a
 * few text, number and heat columns each; this makes such a column from a
 * function that fills a CsCellContent for an item. Items with a boolean
 * "linked" or "hot" property get the cs-linked / cs-hot style class on
 * their cells, kept up to date while the row is shown.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  CS_CELL_TEXT,      /* left-aligned, ellipsized */
  CS_CELL_NUMBER,    /* right-aligned, tabular figures */
  CS_CELL_HEAT,      /* right-aligned percentage over a heat bar */
  CS_CELL_CODE,      /* monospace source or assembly, not ellipsized */
} CsCellKind;

typedef struct
{
  char     *text;      /* owned; plain text unless @markup */
  gboolean  markup;
  char     *tooltip;   /* owned, may be NULL */
  double    fraction;  /* CS_CELL_HEAT: 0..1 */
} CsCellContent;

typedef void (*CsCellFunc) (gpointer       item,
                            CsCellContent *content,
                            gpointer       user_data);

GtkColumnViewColumn *cs_list_column_new        (const char    *title,
                                                CsCellKind     kind,
                                                CsCellFunc     func,
                                                gpointer       user_data);
/* How the cells of @column fit their text, instead of the kind's default
 * (set before the column shows rows); a char count of -1 keeps the
 * default. */
void                 cs_list_column_set_text_layout (GtkColumnViewColumn    *column,
                                                     GtkInscriptionOverflow  overflow,
                                                     int                     min_chars,
                                                     int                     nat_chars);
/* Cells ask for the width of their whole text, up to @max_chars, so the
 * column is as wide as its longest drawn cell (addresses, file:line).
 * CS_CELL_CODE cells also never shrink below their text. */
void                 cs_list_column_set_fit_text    (GtkColumnViewColumn    *column,
                                                     guint                   max_chars);
/* GTK 4.8 has no gtk_column_view_scroll_to(): scrolls @position into view
 * through the list's "list.scroll-to-item" action. */
void                 cs_column_view_scroll_to  (GtkColumnView *view,
                                                guint          position);
/* The text a cell of @column shows for @item (tests, copy). */
char                *cs_list_column_get_text   (GtkColumnViewColumn *column,
                                                gpointer             item);

G_END_DECLS

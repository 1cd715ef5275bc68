/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-annotate-rows.h — rows of the source and disassembly panes
 *
 * A source line or an instruction with its samples of every sampled event
 * and its share of the symbol for the event the heat column shows. "hot"
 * marks the hottest row; "linked" the rows that belong to the selection in
 * the other pane (a line's instructions, an instruction's line).
 *
 * CsAnnotateRow holds what both kinds share (where the row comes from, its
 * text, samples and flags), so that the panes and the link between them
 * treat lines and instructions alike; CsAnnotateInsn adds the address.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CS_TYPE_ANNOTATE_ROW (cs_annotate_row_get_type ())
G_DECLARE_DERIVABLE_TYPE (CsAnnotateRow, cs_annotate_row, CS, ANNOTATE_ROW, GObject)

struct _CsAnnotateRowClass
{
  GObjectClass parent_class;
};

/* The source file and line (0: unknown) the row belongs to. */
const char     *cs_annotate_row_get_file      (CsAnnotateRow  *self);
guint           cs_annotate_row_get_line      (CsAnnotateRow  *self);
/* A line's source text, or an instruction's disassembly (NULL when its
 * bytes could not be read). */
const char     *cs_annotate_row_get_text      (CsAnnotateRow  *self);
guint64         cs_annotate_row_get_samples   (CsAnnotateRow  *self,
                                               guint           event);
void            cs_annotate_row_add_samples   (CsAnnotateRow  *self,
                                               guint           event,
                                               guint64         samples);
double          cs_annotate_row_get_share     (CsAnnotateRow  *self);
void            cs_annotate_row_set_share     (CsAnnotateRow  *self,
                                               double          share);
gboolean        cs_annotate_row_get_hot       (CsAnnotateRow  *self);
void            cs_annotate_row_set_hot       (CsAnnotateRow  *self,
                                               gboolean        hot);
gboolean        cs_annotate_row_get_linked    (CsAnnotateRow  *self);
void            cs_annotate_row_set_linked    (CsAnnotateRow  *self,
                                               gboolean        linked);
/* TRUE when @self and @other come from the same line of the same file. */
gboolean        cs_annotate_row_same_line     (CsAnnotateRow  *self,
                                               CsAnnotateRow  *other);

#define CS_TYPE_ANNOTATE_LINE (cs_annotate_line_get_type ())
G_DECLARE_FINAL_TYPE (CsAnnotateLine, cs_annotate_line, CS, ANNOTATE_LINE, CsAnnotateRow)

CsAnnotateLine *cs_annotate_line_new          (const char     *file,
                                               guint           line,
                                               const char     *text,
                                               guint           n_events);

#define CS_TYPE_ANNOTATE_INSN (cs_annotate_insn_get_type ())
G_DECLARE_FINAL_TYPE (CsAnnotateInsn, cs_annotate_insn, CS, ANNOTATE_INSN, CsAnnotateRow)

CsAnnotateInsn *cs_annotate_insn_new          (guint64         address,
                                               const char     *text,
                                               const char     *file,
                                               guint           line,
                                               guint           n_events);
guint64         cs_annotate_insn_get_address  (CsAnnotateInsn *self);

/* Shorthands for callers that hold a line or an instruction. */
static inline const char *
cs_annotate_line_get_text (CsAnnotateLine *self)
{
  return cs_annotate_row_get_text (CS_ANNOTATE_ROW (self));
}

static inline guint
cs_annotate_line_get_line (CsAnnotateLine *self)
{
  return cs_annotate_row_get_line (CS_ANNOTATE_ROW (self));
}

static inline guint64
cs_annotate_line_get_samples (CsAnnotateLine *self,
                              guint           event)
{
  return cs_annotate_row_get_samples (CS_ANNOTATE_ROW (self), event);
}

static inline gboolean
cs_annotate_line_get_hot (CsAnnotateLine *self)
{
  return cs_annotate_row_get_hot (CS_ANNOTATE_ROW (self));
}

static inline gboolean
cs_annotate_line_get_linked (CsAnnotateLine *self)
{
  return cs_annotate_row_get_linked (CS_ANNOTATE_ROW (self));
}

static inline guint
cs_annotate_insn_get_line (CsAnnotateInsn *self)
{
  return cs_annotate_row_get_line (CS_ANNOTATE_ROW (self));
}

static inline gboolean
cs_annotate_insn_get_linked (CsAnnotateInsn *self)
{
  return cs_annotate_row_get_linked (CS_ANNOTATE_ROW (self));
}

G_END_DECLS

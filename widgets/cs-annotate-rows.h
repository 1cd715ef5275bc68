/* cs-annotate-rows.h — rows of the source and disassembly panes
 *
 * A source line or an instruction with its samples of every sampled event
 * and its share of the symbol for the event the heat column shows. "hot"
 * marks the hottest row; "linked" the rows that belong to the selection in
 * the other pane (a line's instructions, an instruction's line).
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CS_TYPE_ANNOTATE_LINE (cs_annotate_line_get_type ())
G_DECLARE_FINAL_TYPE (CsAnnotateLine, cs_annotate_line, CS, ANNOTATE_LINE, GObject)

CsAnnotateLine *cs_annotate_line_new          (const char     *file,
                                               guint           line,
                                               const char     *text,
                                               guint           n_events);
const char     *cs_annotate_line_get_file     (CsAnnotateLine *self);
guint           cs_annotate_line_get_line     (CsAnnotateLine *self);
const char     *cs_annotate_line_get_text     (CsAnnotateLine *self);
guint64         cs_annotate_line_get_samples  (CsAnnotateLine *self,
                                               guint           event);
void            cs_annotate_line_add_samples  (CsAnnotateLine *self,
                                               guint           event,
                                               guint64         samples);
double          cs_annotate_line_get_share    (CsAnnotateLine *self);
void            cs_annotate_line_set_share    (CsAnnotateLine *self,
                                               double          share);
gboolean        cs_annotate_line_get_hot      (CsAnnotateLine *self);
void            cs_annotate_line_set_hot      (CsAnnotateLine *self,
                                               gboolean        hot);
gboolean        cs_annotate_line_get_linked   (CsAnnotateLine *self);
void            cs_annotate_line_set_linked   (CsAnnotateLine *self,
                                               gboolean        linked);

#define CS_TYPE_ANNOTATE_INSN (cs_annotate_insn_get_type ())
G_DECLARE_FINAL_TYPE (CsAnnotateInsn, cs_annotate_insn, CS, ANNOTATE_INSN, GObject)

CsAnnotateInsn *cs_annotate_insn_new          (guint64         address,
                                               const char     *text,
                                               const char     *file,
                                               guint           line,
                                               guint           n_events);
guint64         cs_annotate_insn_get_address  (CsAnnotateInsn *self);
/* NULL when the bytes could not be read. */
const char     *cs_annotate_insn_get_text     (CsAnnotateInsn *self);
const char     *cs_annotate_insn_get_file     (CsAnnotateInsn *self);
guint           cs_annotate_insn_get_line     (CsAnnotateInsn *self);
guint64         cs_annotate_insn_get_samples  (CsAnnotateInsn *self,
                                               guint           event);
void            cs_annotate_insn_add_samples  (CsAnnotateInsn *self,
                                               guint           event,
                                               guint64         samples);
double          cs_annotate_insn_get_share    (CsAnnotateInsn *self);
void            cs_annotate_insn_set_share    (CsAnnotateInsn *self,
                                               double          share);
gboolean        cs_annotate_insn_get_hot      (CsAnnotateInsn *self);
void            cs_annotate_insn_set_hot      (CsAnnotateInsn *self,
                                               gboolean        hot);
gboolean        cs_annotate_insn_get_linked   (CsAnnotateInsn *self);
void            cs_annotate_insn_set_linked   (CsAnnotateInsn *self,
                                               gboolean        linked);

G_END_DECLS

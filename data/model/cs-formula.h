/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula.h — the metric formula language
 *
 * Grammar (docs/models.md has the user-facing description):
 *
 *   expr    := cond
 *   cond    := compare [ "if" compare "else" cond ]     -- Python-style: a if c else b
 *   compare := sum [ ("<" | "<=" | ">" | ">=" | "==" | "!=") sum ]
 *   sum     := product { ("+" | "-") product }
 *   product := unary { ("*" | "/") unary }
 *   unary   := "-" unary | primary
 *   primary := NUMBER | IDENT | IDENT "(" args ")" | "(" expr ")"
 *
 * Functions: min(a, b, ...), max(a, b, ...), d_ratio(a, b) (0 when b is 0),
 * program(expr) (evaluates expr in the whole-program scope, e.g. Kruse's
 * "totalCycles" of iMargin). Identifiers are event aliases, constants or other
 * metrics; they may contain letters, digits, '_' and '.', and a backslash
 * escapes any other character (so a raw libpfm4 string can appear).
 * Division by zero yields NaN. A parse is done once; evaluation walks the tree.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _CsExpr CsExpr;

/* Resolves an identifier to a value. Return FALSE with @error set when the
 * name is unknown (the evaluator adds the column). @program is TRUE while
 * inside program(...). */
typedef gboolean (*CsExprResolveFunc) (const char  *name,
                                       gboolean     program,
                                       double      *value,
                                       gpointer     user_data,
                                       GError     **error);

/* On a syntax error: CS_DATA_ERROR_PARSE, message "column N: …" (1-based). */
CsExpr     *cs_expr_parse               (const char        *text,
                                         GError           **error);
void        cs_expr_free                (CsExpr            *expr);
/* NaN with @error set on an unresolved identifier; NaN without error for
 * arithmetic NaN (x/0). */
double      cs_expr_eval                (const CsExpr      *expr,
                                         CsExprResolveFunc  resolve,
                                         gpointer           user_data,
                                         GError           **error);
/* Every identifier the expression references (unique, in order of first
 * appearance), including those inside program(). Strings owned by @expr. */
GPtrArray  *cs_expr_get_identifiers     (const CsExpr      *expr);
/* The source text the expression was parsed from. */
const char *cs_expr_get_text            (const CsExpr      *expr);

/* Added by the formula engine (appended; the declarations above are unchanged):
 *
 * One more function: fallback(x, v) is x, or v when x is NaN (an event the
 * PMU does not have), so that a sum over PMU-specific events stays defined
 * where an event does not exist (gooda-tree on wsm vs wsm_dp).
 *
 * cs_expr_check() calls @resolve for EVERY identifier, including both
 * branches of a conditional (which cs_expr_eval() evaluates lazily), and
 * fails on the first one it rejects with "column N: " prefixed to its error.
 * The value @resolve returns is ignored. */
gboolean    cs_expr_check               (const CsExpr      *expr,
                                         CsExprResolveFunc  resolve,
                                         gpointer           user_data,
                                         GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsExpr, cs_expr_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula-private.h — the formula lexer and syntax tree, shared by the
 * lexer, the parser (cs-formula.c) and the evaluator (cs-formula-eval.c) */
#pragma once

#include <glib.h>

#include "cs-formula.h"

G_BEGIN_DECLS

typedef enum
{
  CS_TOKEN_END,
  CS_TOKEN_NUMBER,
  CS_TOKEN_IDENT,
  CS_TOKEN_LPAREN,
  CS_TOKEN_RPAREN,
  CS_TOKEN_COMMA,
  CS_TOKEN_PLUS,
  CS_TOKEN_MINUS,
  CS_TOKEN_STAR,
  CS_TOKEN_SLASH,
  CS_TOKEN_LT,
  CS_TOKEN_LE,
  CS_TOKEN_GT,
  CS_TOKEN_GE,
  CS_TOKEN_EQ,
  CS_TOKEN_NE,
  CS_TOKEN_IF,
  CS_TOKEN_ELSE,
} CsTokenKind;

typedef struct
{
  CsTokenKind  kind;
  int          column;   /* 1-based, in characters */
  double       number;
  char        *text;     /* identifier with escapes removed, or the source
                          * spelling of any other token (for messages) */
} CsToken;

typedef struct
{
  const char *text;
  const char *pos;
  int         column;    /* column of *pos */
} CsLexer;

void     _cs_lexer_init   (CsLexer    *lexer,
                          const char *text);
/* Fills @token (free its text with _cs_token_clear()); FALSE with @error set
 * (CS_DATA_ERROR_PARSE, "column N: …") on a lexical error. */
gboolean _cs_lexer_next   (CsLexer    *lexer,
                          CsToken    *token,
                          GError    **error);
void     _cs_token_clear  (CsToken    *token);
/* How a token reads in an error message: “+”, “foo”, or "the end of the formula". */
char    *_cs_token_describe (const CsToken *token);

/* ---- syntax tree, built by cs-formula.c, compiled by cs-formula-code.c ---- */

typedef enum
{
  NODE_NUMBER,
  NODE_IDENT,
  NODE_NEG,
  NODE_BINARY,
  NODE_COND,
  NODE_CALL,
} NodeKind;

typedef enum
{
  FUNC_MIN,
  FUNC_MAX,
  FUNC_D_RATIO,
  FUNC_PROGRAM,
  FUNC_FALLBACK,
} FuncKind;

/* Nodes live in the parser's array (freed in one go, however deep a chain
 * like 1+1+…+1 makes the tree). */
typedef struct _Node Node;
struct _Node
{
  NodeKind     kind;
  int          column;
  double       number;     /* NODE_NUMBER */
  const char  *name;       /* NODE_IDENT; owned by CsExpr.names */
  CsTokenKind  op;         /* NODE_BINARY */
  FuncKind     func;       /* NODE_CALL */
  Node        *a, *b, *c;  /* operands; NODE_COND: a if b else c */
  GPtrArray   *args;       /* NODE_CALL: Node* */
};

/* ---- code: the tree in evaluation order, run by cs-formula-eval.c ----
 *
 * A formula is evaluated for every metric of every scope, and a chain of
 * 200 000 terms must neither recurse 200 000 deep nor cost a call per node:
 * the tree becomes a flat program for a small value stack. */

typedef enum
{
  OP_NUMBER,     /* push number */
  OP_IDENT,      /* push the value of name (program: inside program()) */
  OP_NEG,        /* top = -top */
  OP_BINARY,     /* b = pop, top = top binop b */
  OP_MIN,        /* n_args values → their minimum (NaN if one is NaN) */
  OP_MAX,
  OP_D_RATIO,    /* b = pop, top = b == 0 ? 0 : top / b */
  OP_COND,       /* c = pop: NaN → push NaN, go to target2; 0 → go to target */
  OP_JUMP,       /* go to target */
  OP_FALLBACK,   /* top not NaN → go to target; else pop */
} OpCode;

typedef struct
{
  guint8       op;         /* OpCode */
  guint8       binop;      /* CsTokenKind of OP_BINARY */
  guint8       program;    /* OP_IDENT */
  int          column;
  guint        target;     /* jumps; n_args of OP_MIN/OP_MAX */
  guint        target2;
  double       number;
  const char  *name;       /* OP_IDENT; owned by CsExpr.names */
} Instr;

struct _CsExpr
{
  char       *text;
  Instr      *code;
  guint       n_code;
  guint       max_stack;   /* values the code needs on the stack at most */
  GHashTable *names;       /* unique identifier strings, owned here */
  GPtrArray  *identifiers; /* order of first appearance; strings from @names */
};

/* Fills @expr's code from the tree at @root of @n_nodes nodes (no
 * recursion: the tree may be as deep as the formula is long). */
void _cs_expr_compile (CsExpr     *expr,
                       const Node *root,
                       guint       n_nodes);

G_END_DECLS

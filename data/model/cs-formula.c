/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula.c — parser of the metric formula language
 *
 * A formula is parsed once into a tree when its model loads; every scope
 * (program, module, symbol) then only walks the tree (cs-formula-eval.c).
 * Errors carry a 1-based character column so that a model author can find
 * the spot.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-formula.h"
#include "cs-formula-private.h"

/* Deep enough for any real formula, shallow enough that a hostile one cannot
 * exhaust the stack (the parser and the evaluator both recurse). */
#define MAX_DEPTH 200

static const struct
{
  const char *name;
  FuncKind    func;
  guint       min_args;
  guint       max_args;
} functions[] = {
  { "min", FUNC_MIN, 1, G_MAXUINT },
  { "max", FUNC_MAX, 1, G_MAXUINT },
  { "d_ratio", FUNC_D_RATIO, 2, 2 },
  { "program", FUNC_PROGRAM, 1, 1 },
  { "fallback", FUNC_FALLBACK, 2, 2 },
};

/* ---- parser ---------------------------------------------------------- */

typedef struct
{
  CsLexer    lexer;
  CsToken    token;      /* current look-ahead */
  CsExpr    *expr;
  int        depth;
  GPtrArray *nodes;      /* every Node, freed together */
} Parser;

static void
node_destroy (Node *node)
{
  if (node->args)
    g_ptr_array_unref (node->args);
  g_free (node);
}

static Node *
node_new (Parser   *p,
          NodeKind  kind,
          int       column)
{
  Node *node = g_new0 (Node, 1);

  node->kind = kind;
  node->column = column;
  g_ptr_array_add (p->nodes, node);
  return node;
}

static gboolean
next (Parser  *p,
      GError **error)
{
  _cs_token_clear (&p->token);
  return _cs_lexer_next (&p->lexer, &p->token, error);
}

static void
set_unexpected (Parser     *p,
                const char *expected,
                GError    **error)
{
  g_autofree char *found = _cs_token_describe (&p->token);

  /* TRANSLATORS: "column 7: expected an operand, found “)”" */
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
               _("column %d: expected %s, found %s"), p->token.column, expected, found);
}

static Node *parse_cond (Parser *p, GError **error);

static const char *
intern_name (CsExpr     *expr,
             const char *name)
{
  char *stored = g_hash_table_lookup (expr->names, name);

  if (stored == NULL)
    {
      stored = g_strdup (name);
      g_hash_table_add (expr->names, stored);
      g_ptr_array_add (expr->identifiers, stored);
    }
  return stored;
}

static Node *
parse_call (Parser     *p,
            const char *name,
            int         column,
            GError    **error)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  Node *node;
  guint f;

  for (f = 0; f < G_N_ELEMENTS (functions); f++)
    if (strcmp (functions[f].name, name) == 0)
      break;
  if (f == G_N_ELEMENTS (functions))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("column %d: unknown function “%s” (known: min, max, d_ratio, program, fallback)"),
                   column, name);
      return NULL;
    }

  if (!next (p, error))   /* the "(" */
    return NULL;
  if (p->token.kind != CS_TOKEN_RPAREN)
    {
      for (;;)
        {
          Node *arg = parse_cond (p, error);

          if (arg == NULL)
            return NULL;
          g_ptr_array_add (args, arg);
          if (p->token.kind == CS_TOKEN_COMMA)
            {
              if (!next (p, error))
                return NULL;
              continue;
            }
          if (p->token.kind != CS_TOKEN_RPAREN)
            {
              set_unexpected (p, _("“,” or “)”"), error);
              return NULL;
            }
          break;
        }
    }
  if (args->len < functions[f].min_args || args->len > functions[f].max_args)
    {
      if (functions[f].min_args == functions[f].max_args)
        g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "column %d: %s() takes %u argument, not %u",
                                  "column %d: %s() takes %u arguments, not %u",
                                  functions[f].min_args),
                     column, name, functions[f].min_args, args->len);
      else
        g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                     _("column %d: %s() needs at least one argument"), column, name);
      return NULL;
    }
  if (!next (p, error))   /* the ")" */
    return NULL;

  node = node_new (p, NODE_CALL, column);
  node->func = functions[f].func;
  node->args = g_steal_pointer (&args);
  return node;
}

static Node *
parse_primary (Parser  *p,
               GError **error)
{
  Node *node;
  int column = p->token.column;

  switch (p->token.kind)
    {
    case CS_TOKEN_NUMBER:
      node = node_new (p, NODE_NUMBER, column);
      node->number = p->token.number;
      if (!next (p, error))
        return NULL;
      return node;

    case CS_TOKEN_IDENT:
      {
        g_autofree char *name = g_steal_pointer (&p->token.text);

        if (!next (p, error))
          return NULL;
        if (p->token.kind == CS_TOKEN_LPAREN)
          return parse_call (p, name, column, error);
        node = node_new (p, NODE_IDENT, column);
        node->name = intern_name (p->expr, name);
        return node;
      }

    case CS_TOKEN_LPAREN:
      if (!next (p, error))
        return NULL;
      node = parse_cond (p, error);
      if (node == NULL)
        return NULL;
      if (p->token.kind != CS_TOKEN_RPAREN)
        {
          set_unexpected (p, _("“)”"), error);
          return NULL;
        }
      if (!next (p, error))
        return NULL;
      return node;

    case CS_TOKEN_END:
    case CS_TOKEN_RPAREN:
    case CS_TOKEN_COMMA:
    case CS_TOKEN_PLUS:
    case CS_TOKEN_MINUS:
    case CS_TOKEN_STAR:
    case CS_TOKEN_SLASH:
    case CS_TOKEN_LT:
    case CS_TOKEN_LE:
    case CS_TOKEN_GT:
    case CS_TOKEN_GE:
    case CS_TOKEN_EQ:
    case CS_TOKEN_NE:
    case CS_TOKEN_IF:
    case CS_TOKEN_ELSE:
    default:
      set_unexpected (p, _("a number, a name or “(”"), error);
      return NULL;
    }
}

static Node *
parse_unary (Parser  *p,
             GError **error)
{
  Node *node;

  if (++p->depth > MAX_DEPTH)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("column %d: the formula is nested too deeply"), p->token.column);
      return NULL;
    }
  if (p->token.kind == CS_TOKEN_MINUS)
    {
      int column = p->token.column;
      Node *operand;

      if (!next (p, error) || !(operand = parse_unary (p, error)))
        return NULL;
      node = node_new (p, NODE_NEG, column);
      node->a = operand;
    }
  else
    node = parse_primary (p, error);
  p->depth--;
  return node;
}

/* The binary levels: product and sum are left-associative (@chain), a
 * comparison takes one operator at most ("a < b < c" is an error). */
static Node *
parse_binary (Parser            *p,
              Node *           (*operand) (Parser *, GError **),
              const CsTokenKind *ops,
              guint              n_ops,
              gboolean           chain,
              GError           **error)
{
  Node *left = operand (p, error);

  for (guint n = 0; left != NULL && (chain || n < 1); n++)
    {
      CsTokenKind op = p->token.kind;
      int column = p->token.column;
      gboolean match = FALSE;
      Node *right;
      Node *node;

      for (guint i = 0; i < n_ops; i++)
        match |= (ops[i] == op);
      if (!match)
        break;
      if (!next (p, error) || !(right = operand (p, error)))
        return NULL;
      node = node_new (p, NODE_BINARY, column);
      node->op = op;
      node->a = left;
      node->b = right;
      left = node;
    }
  return left;
}

static Node *
parse_product (Parser  *p,
               GError **error)
{
  static const CsTokenKind ops[] = { CS_TOKEN_STAR, CS_TOKEN_SLASH };

  return parse_binary (p, parse_unary, ops, G_N_ELEMENTS (ops), TRUE, error);
}

static Node *
parse_sum (Parser  *p,
           GError **error)
{
  static const CsTokenKind ops[] = { CS_TOKEN_PLUS, CS_TOKEN_MINUS };

  return parse_binary (p, parse_product, ops, G_N_ELEMENTS (ops), TRUE, error);
}

static Node *
parse_compare (Parser  *p,
               GError **error)
{
  static const CsTokenKind ops[] = {
    CS_TOKEN_LT, CS_TOKEN_LE, CS_TOKEN_GT, CS_TOKEN_GE, CS_TOKEN_EQ, CS_TOKEN_NE,
  };

  return parse_binary (p, parse_sum, ops, G_N_ELEMENTS (ops), FALSE, error);
}

static Node *
parse_cond (Parser  *p,
            GError **error)
{
  Node *then_node;
  Node *cond = NULL;
  Node *else_node = NULL;
  Node *node;
  int column;

  if (++p->depth > MAX_DEPTH)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("column %d: the formula is nested too deeply"), p->token.column);
      return NULL;
    }
  then_node = parse_compare (p, error);
  if (then_node == NULL)
    return NULL;
  if (p->token.kind != CS_TOKEN_IF)
    {
      p->depth--;
      return then_node;
    }
  column = p->token.column;
  if (!next (p, error) || !(cond = parse_compare (p, error)))
    return NULL;
  if (p->token.kind != CS_TOKEN_ELSE)
    {
      set_unexpected (p, _("“else”"), error);
      return NULL;
    }
  if (!next (p, error) || !(else_node = parse_cond (p, error)))
    return NULL;

  node = node_new (p, NODE_COND, column);
  node->a = then_node;
  node->b = cond;
  node->c = else_node;
  p->depth--;
  return node;
}

CsExpr *
cs_expr_parse (const char  *text,
               GError     **error)
{
  g_autoptr(CsExpr) expr = NULL;
  g_autoptr(GPtrArray) nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) node_destroy);
  Parser p = { 0 };
  Node *root;

  g_return_val_if_fail (text != NULL, NULL);

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("column 1: the formula is not valid UTF-8"));
      return NULL;
    }

  expr = g_new0 (CsExpr, 1);
  expr->text = g_strdup (text);
  expr->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  expr->identifiers = g_ptr_array_new ();

  p.expr = expr;
  p.nodes = nodes;
  _cs_lexer_init (&p.lexer, expr->text);
  if (!next (&p, error))
    goto fail;
  if (p.token.kind == CS_TOKEN_END)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_PARSE,
                   _("column %d: the formula is empty"), p.token.column);
      goto fail;
    }
  root = parse_cond (&p, error);
  if (root == NULL)
    goto fail;
  if (p.token.kind != CS_TOKEN_END)
    {
      set_unexpected (&p, _("an operator or the end of the formula"), error);
      goto fail;
    }
  _cs_token_clear (&p.token);
  _cs_expr_compile (expr, root, nodes->len);
  return g_steal_pointer (&expr);

fail:
  _cs_token_clear (&p.token);
  return NULL;
}

void
cs_expr_free (CsExpr *expr)
{
  if (expr == NULL)
    return;
  g_free (expr->code);
  g_ptr_array_unref (expr->identifiers);
  g_hash_table_unref (expr->names);
  g_free (expr->text);
  g_free (expr);
}

GPtrArray *
cs_expr_get_identifiers (const CsExpr *expr)
{
  GPtrArray *copy;

  g_return_val_if_fail (expr != NULL, NULL);
  /* A new array (free it) of strings that stay owned by @expr. */
  copy = g_ptr_array_sized_new (expr->identifiers->len);
  for (guint i = 0; i < expr->identifiers->len; i++)
    g_ptr_array_add (copy, g_ptr_array_index (expr->identifiers, i));
  return copy;
}

const char *
cs_expr_get_text (const CsExpr *expr)
{
  g_return_val_if_fail (expr != NULL, NULL);
  return expr->text;
}

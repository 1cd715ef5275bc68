/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula-eval.c — evaluation of a parsed formula
 *
 * Unknown values (events that were not counted) are NaN and propagate, so a
 * metric that needs them shows "—" while the others still compute.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cs-error.h"
#include "cs-formula.h"
#include "cs-formula-private.h"

typedef struct
{
  CsExprResolveFunc resolve;
  gpointer          user_data;
  GError           *error;
  gboolean          check_only;
} Eval;

static double eval_node (Eval *ev, const Node *node, gboolean program);

static double
eval_ident (Eval       *ev,
            const Node *node,
            gboolean    program)
{
  GError *local_error = NULL;
  double value = NAN;

  if (ev->resolve (node->name, program, &value, ev->user_data, &local_error))
    return value;
  if (local_error == NULL)
    local_error = g_error_new (CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                               _("unknown identifier “%s”"), node->name);
  g_propagate_prefixed_error (&ev->error, local_error, _("column %d: "), node->column);
  return NAN;
}

static double
eval_call (Eval       *ev,
           const Node *node,
           gboolean    program)
{
  const Node **args = (const Node **) node->args->pdata;
  double result;
  double a, b;

  if (ev->check_only)
    {
      /* Visit every argument, whatever the function would skip. */
      for (guint i = 0; i < node->args->len && ev->error == NULL; i++)
        eval_node (ev, args[i], program || node->func == FUNC_PROGRAM);
      return NAN;
    }

  switch (node->func)
    {
    case FUNC_MIN:
    case FUNC_MAX:
      result = eval_node (ev, args[0], program);
      for (guint i = 1; i < node->args->len && ev->error == NULL; i++)
        {
          double v = eval_node (ev, args[i], program);

          /* Unknown in, unknown out: fmin() would hide a missing event. */
          if (isnan (v) || isnan (result))
            result = NAN;
          else if (node->func == FUNC_MIN)
            result = MIN (result, v);
          else
            result = MAX (result, v);
        }
      return result;

    case FUNC_D_RATIO:
      a = eval_node (ev, args[0], program);
      b = eval_node (ev, args[1], program);
      if (b == 0)
        return 0;
      return a / b;

    case FUNC_PROGRAM:
      return eval_node (ev, args[0], TRUE);

    case FUNC_FALLBACK:
      a = eval_node (ev, args[0], program);
      if (!isnan (a) || ev->error != NULL)
        return a;
      return eval_node (ev, args[1], program);

    default:
      g_assert_not_reached ();
    }
}

static double
eval_binary (CsTokenKind op,
             double      a,
             double      b)
{
  if (isnan (a) || isnan (b))
    return NAN;
  switch (op)
    {
    case CS_TOKEN_PLUS:  return a + b;
    case CS_TOKEN_MINUS: return a - b;
    case CS_TOKEN_STAR:  return a * b;
    /* Kruse's ratios (x * 100 / CountedStalledCycles) have no meaning
     * when nothing was counted: NaN shows as "—" rather than inf or 0. */
    case CS_TOKEN_SLASH: return b == 0 ? NAN : a / b;
    case CS_TOKEN_LT:    return a < b;
    case CS_TOKEN_LE:    return a <= b;
    case CS_TOKEN_GT:    return a > b;
    case CS_TOKEN_GE:    return a >= b;
    case CS_TOKEN_EQ:    return a == b;
    case CS_TOKEN_NE:    return a != b;
    default:
      g_assert_not_reached ();
    }
}

static double
eval_node (Eval       *ev,
           const Node *node,
           gboolean    program)
{
  double a, b, c;

  if (ev->error != NULL)
    return NAN;

  switch (node->kind)
    {
    case NODE_NUMBER:
      return node->number;

    case NODE_IDENT:
      return eval_ident (ev, node, program);

    case NODE_NEG:
      return -eval_node (ev, node->a, program);

    case NODE_BINARY:
      a = eval_node (ev, node->a, program);
      b = eval_node (ev, node->b, program);
      return eval_binary (node->op, a, b);

    case NODE_COND:
      c = eval_node (ev, node->b, program);
      if (ev->check_only)
        {
          eval_node (ev, node->a, program);
          eval_node (ev, node->c, program);
          return NAN;
        }
      /* Only the chosen branch is evaluated, so an event that exists only
       * on some PMUs can sit in the branch for those PMUs. */
      if (isnan (c))
        return NAN;
      return eval_node (ev, c != 0 ? node->a : node->c, program);

    case NODE_CALL:
      return eval_call (ev, node, program);

    default:
      g_assert_not_reached ();
    }
}

double
cs_expr_eval (const CsExpr      *expr,
              CsExprResolveFunc  resolve,
              gpointer           user_data,
              GError           **error)
{
  Eval ev = { resolve, user_data, NULL, FALSE };
  double value;

  g_return_val_if_fail (expr != NULL, NAN);
  g_return_val_if_fail (resolve != NULL, NAN);

  value = eval_node (&ev, expr->root, FALSE);
  if (ev.error != NULL)
    {
      g_propagate_error (error, ev.error);
      return NAN;
    }
  return value;
}

gboolean
cs_expr_check (const CsExpr      *expr,
               CsExprResolveFunc  resolve,
               gpointer           user_data,
               GError           **error)
{
  Eval ev = { resolve, user_data, NULL, TRUE };

  g_return_val_if_fail (expr != NULL, FALSE);
  g_return_val_if_fail (resolve != NULL, FALSE);

  eval_node (&ev, expr->root, FALSE);
  if (ev.error != NULL)
    {
      g_propagate_error (error, ev.error);
      return FALSE;
    }
  return TRUE;
}

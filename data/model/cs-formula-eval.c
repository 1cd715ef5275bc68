/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-formula-eval.c — evaluation of a compiled formula
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

/* The stack most formulas need fits here; longer ones allocate. */
#define LOCAL_STACK 32

static gboolean
resolve_ident (const Instr        *in,
               CsExprResolveFunc   resolve,
               gpointer            user_data,
               double             *value,
               GError            **error)
{
  GError *local_error = NULL;

  *value = NAN;
  if (resolve (in->name, in->program, value, user_data, &local_error))
    return TRUE;
  if (local_error == NULL)
    local_error = g_error_new (CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                               _("unknown identifier “%s”"), in->name);
  g_propagate_prefixed_error (error, local_error, _("column %d: "), in->column);
  return FALSE;
}

static double
min_max (const double *values,
         guint         n,
         gboolean      is_min)
{
  double result = values[0];

  for (guint i = 1; i < n; i++)
    {
      /* Unknown in, unknown out: fmin() would hide a missing event. */
      if (isnan (values[i]) || isnan (result))
        return NAN;
      result = is_min ? MIN (result, values[i]) : MAX (result, values[i]);
    }
  return result;
}

double
cs_expr_eval (const CsExpr      *expr,
              CsExprResolveFunc  resolve,
              gpointer           user_data,
              GError           **error)
{
  double local[LOCAL_STACK];
  g_autofree double *heap = NULL;
  double *stack = local;
  guint sp = 0;
  guint pc = 0;

  g_return_val_if_fail (expr != NULL, NAN);
  g_return_val_if_fail (resolve != NULL, NAN);

  if (expr->max_stack > LOCAL_STACK)
    stack = heap = g_new (double, expr->max_stack);

  while (pc < expr->n_code)
    {
      const Instr *in = &expr->code[pc++];
      double v;

      switch ((OpCode) in->op)
        {
        case OP_NUMBER:
          stack[sp++] = in->number;
          break;
        case OP_IDENT:
          if (!resolve_ident (in, resolve, user_data, &v, error))
            return NAN;
          stack[sp++] = v;
          break;
        case OP_NEG:
          stack[sp - 1] = -stack[sp - 1];
          break;
        case OP_BINARY:
          v = stack[--sp];
          stack[sp - 1] = eval_binary (in->binop, stack[sp - 1], v);
          break;
        case OP_MIN:
        case OP_MAX:
          sp -= in->target - 1;
          stack[sp - 1] = min_max (&stack[sp - 1], in->target, in->op == OP_MIN);
          break;
        case OP_D_RATIO:
          v = stack[--sp];
          stack[sp - 1] = v == 0 ? 0 : stack[sp - 1] / v;
          break;
        case OP_COND:
          /* Only the chosen branch is evaluated, so an event that exists
           * only on some PMUs can sit in the branch for those PMUs. */
          v = stack[--sp];
          if (isnan (v))
            {
              stack[sp++] = NAN;
              pc = in->target2;
            }
          else if (v == 0)
            pc = in->target;
          break;
        case OP_JUMP:
          pc = in->target;
          break;
        case OP_FALLBACK:
          if (!isnan (stack[sp - 1]))
            pc = in->target;
          else
            sp--;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_assert (sp == 1);
  return stack[0];
}

gboolean
cs_expr_check (const CsExpr      *expr,
               CsExprResolveFunc  resolve,
               gpointer           user_data,
               GError           **error)
{
  g_return_val_if_fail (expr != NULL, FALSE);
  g_return_val_if_fail (resolve != NULL, FALSE);

  /* Every identifier, whatever a conditional or fallback() would skip: the
   * code lists them in the order they appear to the evaluator. */
  for (guint pc = 0; pc < expr->n_code; pc++)
    {
      const Instr *in = &expr->code[pc];
      double ignored;

      if (in->op == OP_IDENT && !resolve_ident (in, resolve, user_data, &ignored, error))
        return FALSE;
    }
  return TRUE;
}

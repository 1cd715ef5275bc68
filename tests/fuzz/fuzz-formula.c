/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-formula.c — libFuzzer target for the formula parser and evaluator
 *
 * Parses the input as one formula (CI runs it with inputs up to 256 KB: a
 * sum of tens of thousands of terms must not recurse that deep), then
 * checks it, lists its identifiers and evaluates it twice: every name
 * known (their value from their length, one of them 0), and every name
 * unknown (the error path).
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "cs-formula.h"

static volatile double sink;

static gboolean
resolve_known (const char  *name,
               gboolean     program,
               double      *value,
               gpointer     user_data,
               GError     **error)
{
  gsize n = strlen (name);

  *value = n % 5 == 0 ? 0 : (double) n * (program ? 2 : 1);
  return TRUE;
}

static gboolean
resolve_none (const char  *name,
              gboolean     program,
              double      *value,
              gpointer     user_data,
              GError     **error)
{
  return FALSE;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(CsExpr) expr = cs_expr_parse (text, &error);
  g_autoptr(GPtrArray) names = NULL;

  if (expr == NULL)
    return 0;
  names = cs_expr_get_identifiers (expr);
  cs_expr_check (expr, resolve_known, NULL, NULL);
  sink = cs_expr_eval (expr, resolve_known, NULL, NULL);
  sink = cs_expr_eval (expr, resolve_none, NULL, &error);
  /* Without a name there is nothing to be unknown. */
  if (names->len == 0 && error != NULL)
    __builtin_trap ();
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-same-tables.h — two profiles' module, symbol, instruction and function tables asserted equal (header only) */
#pragma once

#include "cs-call-graph.h"
#include "cs-profile-summary.h"

/* @a and @b have the same tables, row by row. */
static inline void
cs_test_assert_same_tables (CsProfile *a,
                            CsProfile *b)
{
  g_autoptr(GArray) ma = cs_profile_dup_module_table (a, 0);
  g_autoptr(GArray) mb = cs_profile_dup_module_table (b, 0);
  g_autoptr(GArray) sa = cs_profile_dup_symbol_table (a, 0, NULL, 0);
  g_autoptr(GArray) sb = cs_profile_dup_symbol_table (b, 0, NULL, 0);

  g_assert_cmpuint (cs_profile_get_event (a, 0)->n_samples, ==, cs_profile_get_event (b, 0)->n_samples);
  g_assert_cmpuint (cs_profile_get_event (a, 0)->period, ==, cs_profile_get_event (b, 0)->period);
  g_assert_cmpuint (ma->len, ==, mb->len);
  for (guint i = 0; i < ma->len; i++)
    {
      const CsProfileModuleRow *x = &g_array_index (ma, CsProfileModuleRow, i);
      const CsProfileModuleRow *y = &g_array_index (mb, CsProfileModuleRow, i);

      g_assert_cmpstr (x->module->name, ==, y->module->name);
      g_assert_cmpuint (x->samples, ==, y->samples);
      g_assert_cmpuint (x->period, ==, y->period);
      g_assert_cmpfloat_with_epsilon (x->percent, y->percent, 1e-9);
    }
  g_assert_cmpuint (sa->len, ==, sb->len);
  for (guint i = 0; i < sa->len; i++)
    {
      const CsProfileSymbolRow *x = &g_array_index (sa, CsProfileSymbolRow, i);
      const CsProfileSymbolRow *y = &g_array_index (sb, CsProfileSymbolRow, i);
      const GArray *la = cs_profile_get_insn_table (a, 0, x->symbol);
      const GArray *lb = cs_profile_get_insn_table (b, 0, y->symbol);

      g_assert_cmpstr (x->symbol->display_name, ==, y->symbol->display_name);
      g_assert_cmpuint (x->samples, ==, y->samples);
      g_assert_cmpuint (x->period, ==, y->period);
      /* the detail tables too */
      g_assert_cmpuint (la->len, ==, lb->len);
      for (guint k = 0; k < la->len; k++)
        g_assert_cmpuint (g_array_index (la, CsProfileInsnRow, k).samples, ==,
                          g_array_index (lb, CsProfileInsnRow, k).samples);
    }
  if (cs_profile_has_call_chains (a))
    {
      g_autoptr(CsCallGraph) ga = cs_call_graph_new_for_profile (a, NULL, NULL);
      g_autoptr(CsCallGraph) gb = cs_call_graph_new_for_profile (b, NULL, NULL);
      g_autoptr(GArray) fa = cs_call_graph_dup_functions (ga, 0, 0);
      g_autoptr(GArray) fb = cs_call_graph_dup_functions (gb, 0, 0);

      g_assert_cmpuint (fa->len, ==, fb->len);
      g_assert_cmpuint (fa->len, >, 3);
      for (guint i = 0; i < fa->len; i++)
        {
          const CsCallFunctionRow *x = &g_array_index (fa, CsCallFunctionRow, i);
          const CsCallFunctionRow *y = &g_array_index (fb, CsCallFunctionRow, i);

          g_assert_cmpstr (x->function->name, ==, y->function->name);
          g_assert_cmpuint (x->self, ==, y->self);
          g_assert_cmpuint (x->total, ==, y->total);
        }
      g_assert_cmpuint (cs_call_graph_get_n_nodes (ga, CS_CALL_TREE_TOP_DOWN), ==,
                        cs_call_graph_get_n_nodes (gb, CS_CALL_TREE_TOP_DOWN));
    }
}

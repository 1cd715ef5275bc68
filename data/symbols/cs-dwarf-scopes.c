/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-dwarf-scopes.c — the inline call chain around an address */
#include "config.h"

#include <dwarf.h>
#include <stdlib.h>

#include "cs-dwarf-scopes.h"
#include "cs-sorted.h"

typedef struct
{
  Dwarf_Addr low;
  Dwarf_Addr high;
  Dwarf_Addr max_high;   /* the largest high among this and earlier ranges */
  Dwarf_Die  die;        /* DIEs are values: valid while the Dwarf lives */
} FuncRange;

struct _CsDwarfScopes
{
  GHashTable *units;     /* CU DIE offset -> GArray of FuncRange, by low */
};

CsDwarfScopes *
cs_dwarf_scopes_new (void)
{
  CsDwarfScopes *self = g_new0 (CsDwarfScopes, 1);

  self->units = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                       (GDestroyNotify) g_array_unref);
  return self;
}

void
cs_dwarf_scopes_free (CsDwarfScopes *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->units);
  g_free (self);
}

static int
compare_ranges (gconstpointer a,
                gconstpointer b)
{
  const FuncRange *ra = a;
  const FuncRange *rb = b;

  if (ra->low != rb->low)
    return ra->low < rb->low ? -1 : 1;
  /* Nested: the smaller (inner) range after the outer one. */
  return ra->high > rb->high ? -1 : ra->high < rb->high;
}

/* Every function with code, at any depth: C++ puts some in namespaces and
 * classes, GNU C nests functions in functions. */
static void
collect_functions (Dwarf_Die *parent,
                   GArray    *ranges)
{
  Dwarf_Die child;

  if (dwarf_child (parent, &child) != 0)
    return;
  do
    {
      int tag = dwarf_tag (&child);

      if (tag == DW_TAG_subprogram)
        {
          Dwarf_Addr base, start, end;
          ptrdiff_t off = 0;

          while ((off = dwarf_ranges (&child, off, &base, &start, &end)) > 0)
            if (end > start)
              {
                FuncRange r = { start, end, 0, child };

                g_array_append_val (ranges, r);
              }
        }
      if (dwarf_haschildren (&child) &&
          (tag == DW_TAG_subprogram || tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
           tag == DW_TAG_structure_type || tag == DW_TAG_union_type || tag == DW_TAG_module ||
           tag == DW_TAG_lexical_block))
        collect_functions (&child, ranges);
    }
  while (dwarf_siblingof (&child, &child) == 0);
}

static GArray *
unit_functions (CsDwarfScopes *self,
                Dwarf_Die     *cudie)
{
  gint64 key = dwarf_dieoffset (cudie);
  GArray *ranges = g_hash_table_lookup (self->units, &key);
  Dwarf_Addr max_high = 0;

  if (ranges != NULL)
    return ranges;
  ranges = g_array_new (FALSE, FALSE, sizeof (FuncRange));
  collect_functions (cudie, ranges);
  g_array_sort (ranges, compare_ranges);
  for (guint i = 0; i < ranges->len; i++)
    {
      FuncRange *r = &g_array_index (ranges, FuncRange, i);

      max_high = MAX (max_high, r->high);
      r->max_high = max_high;
    }
  g_hash_table_insert (self->units, g_memdup2 (&key, sizeof key), ranges);
  return ranges;
}

/* Depth-first below @parent for the innermost inlined subroutine holding
 * @pc; appends the inlined subroutines found, outermost first. Lexical
 * blocks are walked through (without ranges of their own they are walked
 * into, their children may still have code). */
static gboolean
descend (Dwarf_Die  *parent,
         Dwarf_Addr  pc,
         GArray     *outer_first)
{
  Dwarf_Die child;

  if (dwarf_child (parent, &child) != 0)
    return FALSE;
  do
    {
      int tag = dwarf_tag (&child);
      gboolean has_pc_attr;

      if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_lexical_block &&
          tag != DW_TAG_try_block && tag != DW_TAG_catch_block)
        continue;
      has_pc_attr = dwarf_hasattr (&child, DW_AT_low_pc) || dwarf_hasattr (&child, DW_AT_ranges);
      if (has_pc_attr && dwarf_haspc (&child, pc) <= 0)
        continue;
      if (tag == DW_TAG_inlined_subroutine)
        {
          g_array_append_val (outer_first, child);
          descend (&child, pc, outer_first);
          return TRUE;
        }
      if (descend (&child, pc, outer_first) || has_pc_attr)
        return TRUE;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return FALSE;
}

/* libdw's own walks, for units the index does not cover. */
static void
find_slow (Dwarf_Die  *cudie,
           Dwarf_Addr  pc,
           GArray     *chain)
{
  Dwarf_Die *scopes = NULL;
  int n;

  /* dwarf_getscopes continues from an inlined subroutine into the scopes
   * of its abstract definition; the call chain is the concrete tree around
   * the innermost scope, which dwarf_getscopes_die walks. */
  if (dwarf_getscopes (cudie, pc, &scopes) <= 0)
    return;
  {
    Dwarf_Die innermost = scopes[0];

    free (scopes);
    scopes = NULL;
    n = dwarf_getscopes_die (&innermost, &scopes);
  }
  for (int i = 0; i < n; i++)
    {
      int tag = dwarf_tag (&scopes[i]);

      if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine &&
          tag != DW_TAG_entry_point)
        continue;
      g_array_append_val (chain, scopes[i]);
      if (tag != DW_TAG_inlined_subroutine)
        break;
    }
  free (scopes);
}

void
cs_dwarf_scopes_find (CsDwarfScopes *self,
                      Dwarf_Die     *cudie,
                      Dwarf_Addr     pc,
                      GArray        *chain)
{
  GArray *ranges = unit_functions (self, cudie);
  const FuncRange *r = (const FuncRange *) (gpointer) ranges->data;
  guint lo = cs_sorted_upper_bound (r, ranges->len, sizeof *r, G_STRUCT_OFFSET (FuncRange, low), pc);

  g_array_set_size (chain, 0);
  /* The range with the closest start that holds @pc: the innermost of
   * nested functions. */
  for (guint j = lo; j > 0; j--)
    {
      if (pc < r[j - 1].high)
        {
          g_autoptr(GArray) outer_first = g_array_new (FALSE, FALSE, sizeof (Dwarf_Die));
          Dwarf_Die function = r[j - 1].die;

          descend (&function, pc, outer_first);
          for (guint k = outer_first->len; k > 0; k--)
            g_array_append_val (chain, g_array_index (outer_first, Dwarf_Die, k - 1));
          g_array_append_val (chain, function);
          return;
        }
      if (j < 2 || r[j - 2].max_high <= pc)
        break;
    }
  find_slow (cudie, pc, chain);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-dwarf-units.c — the compile unit of an address, without .debug_aranges */
#include "config.h"

#include <dwarf.h>

#include "cs-dwarf-units.h"
#include "cs-sorted.h"

typedef struct
{
  Dwarf_Addr low;
  Dwarf_Addr high;
  Dwarf_Addr max_high;   /* the largest high among this and earlier ranges */
  Dwarf_Off  unit;       /* the unit DIE's offset in .debug_info */
} UnitRange;

struct _CsDwarfUnits
{
  Dwarf  *dwarf;
  GArray *ranges;        /* UnitRange, by low */
  guint   n_units;
};

static int
compare_ranges (gconstpointer a,
                gconstpointer b)
{
  const UnitRange *ra = a;
  const UnitRange *rb = b;

  return ra->low < rb->low ? -1 : ra->low > rb->low;
}

CsDwarfUnits *
cs_dwarf_units_new (Dwarf *dwarf)
{
  CsDwarfUnits *self = g_new0 (CsDwarfUnits, 1);
  Dwarf_CU *cu = NULL;
  Dwarf_Addr max_high = 0;
  Dwarf_Die cudie;
  guint8 unit_type;
  Dwarf_Half version;

  self->dwarf = dwarf;
  self->ranges = g_array_new (FALSE, FALSE, sizeof (UnitRange));
  while (dwarf != NULL &&
         dwarf_get_units (dwarf, cu, &cu, &version, &unit_type, &cudie, NULL) == 0)
    {
      Dwarf_Addr base, start, end;
      ptrdiff_t offset = 0;

      if (dwarf_tag (&cudie) != DW_TAG_compile_unit && dwarf_tag (&cudie) != DW_TAG_partial_unit)
        continue;
      self->n_units++;
      while ((offset = dwarf_ranges (&cudie, offset, &base, &start, &end)) > 0)
        if (end > start)
          {
            UnitRange r = { start, end, 0, dwarf_dieoffset (&cudie) };

            g_array_append_val (self->ranges, r);
          }
    }
  g_array_sort (self->ranges, compare_ranges);
  for (guint i = 0; i < self->ranges->len; i++)
    {
      UnitRange *r = &g_array_index (self->ranges, UnitRange, i);

      max_high = MAX (max_high, r->high);
      r->max_high = max_high;
    }
  return self;
}

void
cs_dwarf_units_free (CsDwarfUnits *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->ranges);
  g_free (self);
}

guint
cs_dwarf_units_get_n (CsDwarfUnits *self)
{
  return self->n_units;
}

gboolean
cs_dwarf_units_find (CsDwarfUnits *self,
                     Dwarf_Addr    pc,
                     Dwarf_Die    *cudie)
{
  const UnitRange *ranges = (const UnitRange *) (gconstpointer) self->ranges->data;
  guint lo = cs_sorted_upper_bound (ranges, self->ranges->len, sizeof *ranges,
                                    G_STRUCT_OFFSET (UnitRange, low), pc);

  /* Closest start first; step back while an earlier range can reach @pc. */
  for (guint j = lo; j > 0; j--)
    {
      const UnitRange *r = &ranges[j - 1];

      if (pc < r->high)
        return dwarf_offdie (self->dwarf, r->unit, cudie) != NULL;
      if (r->max_high <= pc)
        break;
    }
  return FALSE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-symbolizer.c — time to symbolize ~10 000 unique addresses
 *
 * For each of a few real modules of this process (this program, built -g
 * with DWARF lines and inlines; libdw and libstdc++, symbol tables only)
 * 10 000 distinct file offsets spread over the executable mapping are
 * resolved by a fresh symbolizer, module loading included. The goal is
 * "well under a second" per 10 000 addresses; the figures are printed, not
 * asserted.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs-symbolizer.h"

#define N_ADDRESSES 10000

static long
rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (p = strstr (status, "VmRSS:")) == NULL)
    return -1;
  return strtol (p + 6, NULL, 10);
}

static void
bench_module (const char *maps,
              const char *needle)
{
  g_auto(GStrv) lines = g_strsplit (maps, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(CsSymbolizer) sym = NULL;
      g_autofree CsAddressKey *keys = NULL;
      g_autoptr(GError) error = NULL;
      guint64 start, end, offset;
      char perms[8] = { 0 };
      int fields = 0;
      const char *path;
      CsModule *module;
      gint64 t0, t1;
      long rss0, rss1;
      guint known = 0, with_line = 0, inlined = 0;
      g_autofree const CsLocation **locs = NULL;

      if (sscanf (lines[i], "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x %4s %"
                  G_GINT64_MODIFIER "x %*s %*s %n", &start, &end, perms, &offset, &fields) < 4 ||
          fields == 0 || perms[2] != 'x')
        continue;
      path = g_strstrip (lines[i] + fields);
      if (strstr (path, needle) == NULL)
        continue;

      sym = cs_symbolizer_new ();
      module = cs_symbolizer_get_module (sym, path, NULL, 0);
      keys = g_new (CsAddressKey, N_ADDRESSES);
      locs = g_new0 (const CsLocation *, N_ADDRESSES);
      for (guint k = 0; k < N_ADDRESSES; k++)
        {
          keys[k].module = module;
          keys[k].offset = offset + (end - start) * k / N_ADDRESSES;
        }

      rss0 = rss_kib ();
      t0 = g_get_monotonic_time ();
      if (!cs_symbolizer_resolve_many (sym, keys, N_ADDRESSES, locs, NULL, NULL, NULL, &error))
        g_error ("%s", error->message);
      t1 = g_get_monotonic_time ();
      rss1 = rss_kib ();

      for (guint k = 0; k < N_ADDRESSES; k++)
        {
          known += !locs[k]->symbol->unknown;
          with_line += locs[k]->file != NULL;
          inlined += locs[k]->n_frames > 1;
        }
      printf ("%-22s %u unique addresses in %7.1f ms (%5.1f µs each), +%ld KiB resident; "
              "%u with a symbol, %u with a line, %u inlined\n",
              cs_module_get_name (module), N_ADDRESSES, (t1 - t0) / 1000.0,
              (double) (t1 - t0) / N_ADDRESSES, rss1 - rss0, known, with_line, inlined);
      return;
    }
  printf ("%s: not mapped in this process, skipped\n", needle);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *maps = NULL;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (!g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL))
    return 1;
  bench_module (maps, self);
  bench_module (maps, "libdw");
  bench_module (maps, "libstdc++");
  return 0;
}

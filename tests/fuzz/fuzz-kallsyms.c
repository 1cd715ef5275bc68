/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-kallsyms.c — libFuzzer target for the kernel symbol loaders
 *
 * The input's first byte chooses the loader, the rest is the file: 0, the
 * /proc/kallsyms text parser; 1, a symbol table saved with a recording
 * (zstd-compressed or a plain cache image, with its key). The file is a
 * memfd, a regular file to the loaders. What loads is looked up at the
 * addresses and names it holds and around them.
 */
#define _GNU_SOURCE
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cs-kallsyms.h"

static int fd = -1;
static char *path;
static volatile guint64 sink;

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(CsKallsyms) table = NULL;
  g_autoptr(CsKallsymsKey) key = NULL;
  g_autoptr(GError) error = NULL;

  if (size < 1)
    return 0;
  if (fd < 0)
    {
      fd = memfd_create ("fuzz-kallsyms", MFD_CLOEXEC);
      g_assert (fd >= 0);
      path = g_strdup_printf ("/proc/self/fd/%d", fd);
    }
  if (ftruncate (fd, 0) != 0 || pwrite (fd, data + 1, size - 1, 0) != (ssize_t) (size - 1))
    return 0;

  table = data[0] % 2 == 0 ? cs_kallsyms_load (path, &error)
                           : cs_kallsyms_load_saved (path, &key, &error);
  if (table == NULL)
    return 0;
  for (guint i = 0; i < 64 && i < cs_kallsyms_get_n_symbols (table); i++)
    {
      guint64 address = 0;
      const CsKernelSymbol *sym;

      /* Addresses from the input's bytes, so that every entry can be hit. */
      for (guint b = 0; b < 8; b++)
        address = address << 8 | data[(i * 8 + b) % size];
      if ((sym = cs_kallsyms_lookup (table, address)) != NULL)
        {
          const CsKernelSymbol *again = cs_kallsyms_find (table, sym->name);

          sink += sym->address + sym->size + (again != NULL ? again->address : 0);
          if (sym->module != NULL)
            sink += strlen (sym->module);
        }
    }
  return 0;
}

/* cs-kallsyms.h — kernel symbols from /proc/kallsyms
 *
 * Kernel samples are symbolized from the running kernel's symbol list, as
 * perf does when no vmlinux is at hand. /proc/kallsyms has no sizes: a
 * symbol ends where the next one starts. Only text symbols are kept, so a
 * code address never lands on a data symbol.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64     address;
  guint64     size;     /* up to the next text symbol; 0 for the last one */
  const char *name;
  const char *module;   /* "ext4" for a module symbol, NULL for the kernel image */
} CsKernelSymbol;

typedef struct _CsKallsyms CsKallsyms;

/* Reads @path (NULL: /proc/kallsyms). Fails with CS_DATA_ERROR_IO when the
 * file cannot be read and CS_DATA_ERROR_UNSUPPORTED when every address is
 * hidden (kernel.kptr_restrict); both messages say what to do. */
CsKallsyms           *cs_kallsyms_load          (const char  *path,
                                                 GError     **error);
void                  cs_kallsyms_free          (CsKallsyms  *self);
/* The text symbol containing @address, or NULL. */
const CsKernelSymbol *cs_kallsyms_lookup        (CsKallsyms  *self,
                                                 guint64      address);
/* First symbol called @name (the kernel image before modules), or NULL. */
const CsKernelSymbol *cs_kallsyms_find          (CsKallsyms  *self,
                                                 const char  *name);
guint                 cs_kallsyms_get_n_symbols (CsKallsyms  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsKallsyms, cs_kallsyms_free)

G_END_DECLS

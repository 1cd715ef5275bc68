/* SPDX-License-Identifier: GPL-3.0-or-later */
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
/* The text symbol containing @address, or NULL. Of aliases, the last one
 * in the file's order, as perf chooses. */
const CsKernelSymbol *cs_kallsyms_lookup        (CsKallsyms  *self,
                                                 guint64      address);
/* First symbol called @name (the kernel image before modules), or NULL. */
const CsKernelSymbol *cs_kallsyms_find          (CsKallsyms  *self,
                                                 const char  *name);
guint                 cs_kallsyms_get_n_symbols (CsKallsyms  *self);

/* Like cs_kallsyms_load, through a binary cache of the parsed table
 * (cs-kallsyms-cache.c) in @cache_dir (NULL: $XDG_CACHE_HOME/cyclescope):
 * mapped when it is valid, else written after the file is read. The cache
 * of /proc/kallsyms (@path NULL) is keyed by the boot id, the kernel
 * release and version and a hash of /proc/modules; other files are only
 * cached when @cache_dir is given, keyed by their identity, size and mtime.
 * @from_cache (may be NULL) tells whether the cache answered. Failing to
 * write the cache is not an error. */
CsKallsyms           *cs_kallsyms_load_cached   (const char  *path,
                                                 const char  *cache_dir,
                                                 gboolean    *from_cache,
                                                 GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsKallsyms, cs_kallsyms_free)

/* Appended (engineer k): the table saved with a recording and the running
 * kernel's identity (cs-kallsyms-saved.c). */

/* What the running kernel's table depends on; the cache is keyed by it. */
typedef struct
{
  char *boot_id;         /* /proc/sys/kernel/random/boot_id */
  char *release;         /* uname -r */
  char *modules_sha256;  /* SHA-256 of /proc/modules */
} CsKallsymsKey;

void                  cs_kallsyms_key_free      (CsKallsymsKey *key);
/* This boot's boot id, or NULL when /proc does not say. */
char                 *cs_kallsyms_dup_boot_id   (void);

/* Writes the running kernel's table (through the cache, so mostly a copy of
 * it) to @path: the cache's binary image, zstd-compressed. Written to a
 * temporary file and renamed. @key and @n_bytes (may be NULL) receive the
 * table's key and the file's size. Fails with the error of reading
 * /proc/kallsyms (hidden addresses, …) or of writing @path. */
gboolean              cs_kallsyms_save_running  (const char     *path,
                                                 CsKallsymsKey **key,
                                                 guint64        *n_bytes,
                                                 GError        **error);
/* Reads a file cs_kallsyms_save_running() wrote (or an uncompressed copy of
 * a cache file). @key (may be NULL) receives the key stored in it. Fails
 * with CS_DATA_ERROR_IO or CS_DATA_ERROR_CORRUPT naming the file. */
CsKallsyms           *cs_kallsyms_load_saved    (const char     *path,
                                                 CsKallsymsKey **key,
                                                 GError        **error);
/* Address of the first text symbol called @name, found by a scan (no index
 * is built, unlike cs_kallsyms_find). */
gboolean              cs_kallsyms_find_address  (CsKallsyms     *self,
                                                 const char     *name,
                                                 guint64        *address);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsKallsymsKey, cs_kallsyms_key_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-address-space.h — per-process memory maps rebuilt from perf records
 *
 * perf.data does not store symbols, only where files were mapped: MMAP and
 * MMAP2 records, plus FORK, COMM (exec) and EXIT to know which process saw
 * which maps when. CsAddressSpace replays those records so that a sample's
 * (pid, ip) can be turned into (file, file offset), which is all the
 * symbolizer needs. The API takes plain values so it does not depend on the
 * perf.data reader.
 *
 * The kernel's maps ("[kernel.kallsyms]_text" and modules, recorded with
 * pid -1) are shared by every process.
 *
 * Not thread-safe: one thread feeds records and looks up IPs. Mappings are
 * immutable and reference counted, so a looked-up mapping may be kept and
 * handed to another thread.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The pid perf uses for kernel maps. */
#define CS_KERNEL_PID (-1)

typedef struct _CsMapping CsMapping;

/* Which file an MMAP2 record mapped: its device and inode (0 when the
 * record did not say: MMAP, or MMAP2 carrying a build-id instead). Two
 * processes sharing a MAP_SHARED mapping of one file (a file, SysV or POSIX
 * shared memory, or anonymous shared memory inherited over fork, which the
 * kernel backs with a file of its own) see the same identity at the same
 * file offset. */
typedef struct
{
  guint32 maj;
  guint32 min;
  guint64 ino;
  guint64 ino_generation;
} CsMappingIdentity;

struct _CsMapping
{
  guint64       start;        /* first address */
  guint64       end;          /* one past the last address */
  guint64       pgoff;        /* file offset mapped at @start */
  guint32       prot;         /* PROT_* from MMAP2, 0 when not recorded */
  guint32       flags;        /* MAP_* from MMAP2 */
  const char   *filename;     /* as recorded, e.g. "/usr/lib/libc.so.6", "[vdso]" */
  const guint8 *build_id;     /* NULL unless the record carried one */
  guint         build_id_len;
  gboolean      kernel;       /* recorded with pid -1 */
  gint32        pid;          /* the process that mapped it (CS_KERNEL_PID: the kernel) */
  CsMappingIdentity identity; /* all 0 when not recorded */
};

CsMapping   *cs_mapping_ref          (CsMapping       *self);
void         cs_mapping_unref        (CsMapping       *self);
/* File offset of @ip (ip − start + pgoff); @ip must lie in the mapping. */
guint64      cs_mapping_file_offset  (const CsMapping *self,
                                      guint64          ip);
/* Lower-case hex of the build-id, or NULL when none was recorded. */
char        *cs_mapping_dup_build_id_hex (const CsMapping *self);
/* Anonymous executable memory (perf's rule: "//anon", /dev/zero, huge
 * pages, the heap, the stack, SysV shared memory, mapped executable): where
 * JIT compilers put code, which perf names from /tmp/perf-PID.map. Its
 * file offsets are its addresses (@pgoff is @start), as in that file. */
gboolean     cs_mapping_is_jit       (const CsMapping *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsMapping, cs_mapping_unref)

#define CS_TYPE_ADDRESS_SPACE (cs_address_space_get_type ())
G_DECLARE_FINAL_TYPE (CsAddressSpace, cs_address_space, CS, ADDRESS_SPACE, GObject)

CsAddressSpace  *cs_address_space_new           (void);

/* MMAP / MMAP2. A new mapping replaces whatever part of older mappings of
 * the same process it overlaps (as the kernel does); the remaining pieces
 * keep their file offsets. @pid CS_KERNEL_PID adds a kernel map.
 * @build_id may be NULL (MMAP, or MMAP2 in its inode form). */
void             cs_address_space_mmap          (CsAddressSpace *self,
                                                 gint32          pid,
                                                 guint64         start,
                                                 guint64         len,
                                                 guint64         pgoff,
                                                 guint32         prot,
                                                 guint32         flags,
                                                 const char     *filename,
                                                 const guint8   *build_id,
                                                 gsize           build_id_len);
/* The same with the mapped file's identity from an MMAP2 record (may be
 * NULL: not recorded). */
void             cs_address_space_mmap_identity (CsAddressSpace          *self,
                                                 gint32                   pid,
                                                 guint64                  start,
                                                 guint64                  len,
                                                 guint64                  pgoff,
                                                 guint32                  prot,
                                                 guint32                  flags,
                                                 const char              *filename,
                                                 const CsMappingIdentity *identity,
                                                 const guint8            *build_id,
                                                 gsize                    build_id_len);
/* FORK. A new thread (pid == ppid) changes nothing; a new process starts
 * with a copy of its parent's maps and command name, replacing any earlier
 * process with the same pid (pids are reused). */
void             cs_address_space_fork          (CsAddressSpace *self,
                                                 gint32          pid,
                                                 gint32          ppid);
/* COMM. @exec (misc & PERF_RECORD_MISC_COMM_EXEC) means a new program
 * replaced the process image: its old maps are dropped. */
void             cs_address_space_comm          (CsAddressSpace *self,
                                                 gint32          pid,
                                                 gint32          tid,
                                                 const char     *comm,
                                                 gboolean        exec);
/* EXIT. When the main thread (pid == tid) exits the process is marked as
 * exited; its maps stay available because samples may still refer to it
 * (perf only orders records within a round). */
void             cs_address_space_exit          (CsAddressSpace *self,
                                                 gint32          pid,
                                                 gint32          tid);

/* The mapping covering @ip in process @pid, else the kernel mapping covering
 * it, else NULL. */
const CsMapping *cs_address_space_lookup        (CsAddressSpace *self,
                                                 gint32          pid,
                                                 guint64         ip);
/* Like lookup but only among the kernel maps. */
const CsMapping *cs_address_space_lookup_kernel (CsAddressSpace *self,
                                                 guint64         ip);
gboolean         cs_address_space_has_process   (CsAddressSpace *self,
                                                 gint32          pid);
gboolean         cs_address_space_has_exited    (CsAddressSpace *self,
                                                 gint32          pid);
/* Last command name seen for @pid, or NULL. */
const char      *cs_address_space_get_comm      (CsAddressSpace *self,
                                                 gint32          pid);
/* The maps of @pid sorted by address (CsMapping*, with references). */
GPtrArray       *cs_address_space_dup_mappings  (CsAddressSpace *self,
                                                 gint32          pid);

G_END_DECLS

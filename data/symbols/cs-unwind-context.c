/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-unwind-context.c — one thread's libdwfl state; unwinding one sample
 *
 * libdwfl unwinds a "thread" of a "process" attached to a Dwfl through
 * callbacks: the initial registers (the sample's), memory reads (the stack
 * copy, else the mapped files), and the modules reported to the Dwfl,
 * whose call-frame information says how each frame finds its caller.
 *
 * A Dwfl is attached once and kept per process, for the next samples of
 * the same process: reporting a module (and libdwfl's reading of its
 * .eh_frame_hdr) is what costs, not the unwinding. Modules are reported
 * as the walk reaches them, from the mappings the sample saw, like perf
 * does (but perf starts a fresh Dwfl for every sample). When a later
 * sample comes with other mappings (the process mapped or unmapped files,
 * or its pid now belongs to another program), the modules reported so far
 * are checked against them and the Dwfl is started afresh if any moved.
 * The few most recent processes are kept.
 *
 * The frame callback follows perf's util/unwind-libdw.c: the module of a
 * frame's pc is reported before libdwfl is asked whether the frame is an
 * activation (which unwinds it); a frame in a mapping whose file cannot be
 * read ends the stack without it; a pc outside any mapping is kept and
 * the walk goes on (libdwfl then tries the frame pointer).
 */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>

#include "cs-unwind-private.h"

#define N_PROCESSES       16
#define MAX_MAPPING_FILES 4096

typedef struct
{
  guint64             low;     /* the module's range as reported */
  guint64             high;
  guint64             addr;    /* the address whose mapping it was reported for */
  guint64             bias;
  const CsUnwindFile *file;
} Reported;

typedef struct
{
  gint32     pid;
  Dwfl      *dwfl;
  GPtrArray *maps;       /* the mappings the modules were last checked against */
  GArray    *reported;   /* Reported */
  guint64    used;       /* for evicting the least recently used */
} Process;

struct _CsUnwindContext
{
  CsUnwindFiles        *files;
  CsUnwindArch          arch;
  char                 *debuginfo_path;
  Dwfl_Callbacks        callbacks;
  /* A bare ELF header of the architecture: dwfl_attach_state() needs an
   * Elf to pick libdw's backend before any module is reported. */
  guint8                arch_image[sizeof (Elf64_Ehdr)];
  Elf                  *arch_elf;
  Process              *processes[N_PROCESSES];
  guint64               clock;
  /* CsMapping* (a reference: the address is not reused) -> its file, or
   * the context itself for none; this thread's, so no lock per read */
  GHashTable           *mapping_files;

  /* the sample being unwound, for the callbacks */
  const CsUnwindSample *sample;
  Process              *process;
  CsUnwindRegs          regs;
  guint64              *out;
  guint                 n_out;
  gboolean              beyond_copy;  /* a read above the stack copy failed */
};

static void
process_free (Process *p)
{
  if (p == NULL)
    return;
  g_clear_pointer (&p->dwfl, dwfl_end);
  g_clear_pointer (&p->maps, g_ptr_array_unref);
  g_clear_pointer (&p->reported, g_array_unref);
  g_free (p);
}

/* The mapping of @maps covering @addr, else NULL. */
static const CsMapping *
find_mapping (GPtrArray *maps,
              guint64    addr)
{
  guint lo = 0, hi = maps->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const CsMapping *m = g_ptr_array_index (maps, mid);

      if (m->end <= addr)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < maps->len && ((const CsMapping *) g_ptr_array_index (maps, lo))->start <= addr)
    return g_ptr_array_index (maps, lo);
  return NULL;
}

/* The file of @m, NULL when there is none to read. Anonymous memory (the
 * stack below its copy, the heap) has none without asking. */
static const CsUnwindFile *
mapping_file (CsUnwindContext *self,
              const CsMapping *m)
{
  gpointer v;

  if (m->filename[0] != '/' && strcmp (m->filename, "[vdso]") != 0)
    return NULL;
  v = g_hash_table_lookup (self->mapping_files, m);
  if (v == NULL)
    {
      /* many processes, many maps: start over rather than grow */
      if (g_hash_table_size (self->mapping_files) >= MAX_MAPPING_FILES)
        g_hash_table_remove_all (self->mapping_files);
      v = (gpointer) _cs_unwind_files_get (self->files, m);
      if (v == NULL)
        v = self;
      g_hash_table_insert (self->mapping_files, cs_mapping_ref ((CsMapping *) m), v);
    }
  return v == self ? NULL : v;
}

/* libdwfl asks for a module's ELF the first time it needs it: an Elf on
 * the shared image (libdwfl ends the Elf; the bytes stay ours). */
static int
find_elf (Dwfl_Module  *mod,
          void        **userdata,
          const char   *name,
          Dwarf_Addr    base,
          char        **file_name,
          Elf         **elfp)
{
  const CsUnwindFile *file = *userdata;

  if (file == NULL)
    return -1;
  *elfp = elf_memory ((char *) file->image, file->size);
  /* freed by libdwfl with free() */
  *file_name = strdup (file->path);
  return -1;
}

static pid_t
next_thread (Dwfl  *dwfl,
             void  *dwfl_arg,
             void **thread_argp)
{
  if (*thread_argp != NULL)
    return 0;
  *thread_argp = dwfl_arg;
  return dwfl_pid (dwfl);
}

/* Every thread of the process is the sample at hand. */
static bool
get_thread (Dwfl  *dwfl,
            pid_t  tid,
            void  *dwfl_arg,
            void **thread_argp)
{
  *thread_argp = dwfl_arg;
  return true;
}

static bool
memory_read (Dwfl       *dwfl,
             Dwarf_Addr  addr,
             Dwarf_Word *result,
             void       *dwfl_arg)
{
  CsUnwindContext *self = dwfl_arg;
  const CsUnwindSample *s = self->sample;
  const CsMapping *m;
  const CsUnwindFile *file;
  guint64 offset;

  if (addr >= self->regs.sp && s->stack_size >= sizeof *result &&
      addr - self->regs.sp <= s->stack_size - sizeof *result)
    {
      memcpy (result, s->stack + (addr - self->regs.sp), sizeof *result);
      return true;
    }
  /* Not on the copied stack: a file's bytes as mapped (code, constants),
   * as perf reads them. Never the stack beyond the copy. */
  m = find_mapping (s->maps, addr);
  offset = m != NULL ? addr - m->start + m->pgoff : 0;
  if (m == NULL || (file = mapping_file (self, m)) == NULL ||
      offset >= file->size || file->size - offset < sizeof *result)
    {
      /* Above the copy: the stack goes on where it was cut. (Reads below
       * the stack pointer — a slot an epilogue already popped — or at a
       * frame pointer of 0 fail without anything missing.) */
      if (addr >= self->regs.sp && addr - self->regs.sp + sizeof *result > s->stack_size)
        self->beyond_copy = TRUE;
      return false;
    }
  memcpy (result, file->image + offset, sizeof *result);
  return true;
}

static bool
set_initial_registers (Dwfl_Thread *thread,
                       void        *thread_arg)
{
  CsUnwindContext *self = thread_arg;
  G_STATIC_ASSERT (sizeof (Dwarf_Word) == sizeof (guint64));

  if (!dwfl_thread_state_registers (thread, 0, self->regs.n_regs, (const Dwarf_Word *) self->regs.regs))
    return false;
  dwfl_thread_state_register_pc (thread, self->regs.pc);
  return true;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
  .next_thread = next_thread,
  .get_thread = get_thread,
  .memory_read = memory_read,
  .set_initial_registers = set_initial_registers,
};

CsUnwindContext *
_cs_unwind_context_new (CsUnwindFiles *files,
                        CsUnwindArch   arch,
                        const char    *debuginfo_path)
{
  CsUnwindContext *self = g_new0 (CsUnwindContext, 1);
  Elf64_Ehdr *eh = (Elf64_Ehdr *) self->arch_image;

  self->files = files;
  self->arch = arch;
  self->mapping_files = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cs_mapping_unref, NULL);
  self->debuginfo_path = g_strdup (debuginfo_path);
  self->callbacks.find_elf = find_elf;
  self->callbacks.find_debuginfo = dwfl_standard_find_debuginfo;
  self->callbacks.section_address = dwfl_offline_section_address;
  self->callbacks.debuginfo_path = &self->debuginfo_path;

  elf_version (EV_CURRENT);
  memcpy (eh->e_ident, ELFMAG, SELFMAG);
  eh->e_ident[EI_CLASS] = ELFCLASS64;
  eh->e_ident[EI_DATA] = G_BYTE_ORDER == G_LITTLE_ENDIAN ? ELFDATA2LSB : ELFDATA2MSB;
  eh->e_ident[EI_VERSION] = EV_CURRENT;
  eh->e_type = ET_CORE;
  eh->e_machine = cs_unwind_arch_elf_machine (arch);
  eh->e_version = EV_CURRENT;
  eh->e_ehsize = sizeof *eh;
  self->arch_elf = elf_memory ((char *) self->arch_image, sizeof self->arch_image);
  return self;
}

void
_cs_unwind_context_free (CsUnwindContext *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < N_PROCESSES; i++)
    process_free (self->processes[i]);
  /* after the Dwfls, whose backends were opened on it */
  g_clear_pointer (&self->arch_elf, elf_end);
  g_clear_pointer (&self->mapping_files, g_hash_table_unref);
  g_free (self->debuginfo_path);
  g_free (self);
}

/* FALSE when a module reported for @p moved or another file now lies in
 * its range: its frames would be unwound with the wrong code. */
static gboolean
modules_still_mapped (CsUnwindContext *self,
                      Process         *p,
                      GPtrArray       *maps)
{
  for (guint i = 0; i < p->reported->len; i++)
    {
      const Reported *r = &g_array_index (p->reported, Reported, i);
      const CsMapping *m = find_mapping (maps, r->addr);
      guint64 bias;

      if (m == NULL || mapping_file (self, m) != r->file ||
          !_cs_unwind_file_bias (r->file, m, &bias) || bias != r->bias)
        return FALSE;
      for (guint k = 0; k < maps->len; k++)
        {
          const CsMapping *o = g_ptr_array_index (maps, k);

          if (o->start >= r->high)
            break;
          /* anonymous pieces (.bss, the heap) may share the range */
          if (o->end > r->low && o->filename[0] == '/' && strcmp (o->filename, m->filename) != 0)
            return FALSE;
        }
    }
  return TRUE;
}

static Process *
process_new (CsUnwindContext *self,
             gint32           pid)
{
  Process *p = g_new0 (Process, 1);

  p->pid = pid;
  p->reported = g_array_new (FALSE, FALSE, sizeof (Reported));
  p->dwfl = dwfl_begin (&self->callbacks);
  if (p->dwfl == NULL || self->arch_elf == NULL ||
      !dwfl_attach_state (p->dwfl, self->arch_elf, pid, &thread_callbacks, self))
    g_clear_pointer (&p, process_free);
  return p;
}

/* The process state for @sample: kept, checked against the sample's
 * mappings, or new. NULL when libdwfl cannot unwind this architecture. */
static Process *
get_process (CsUnwindContext      *self,
             const CsUnwindSample *sample)
{
  guint slot = 0;
  guint64 oldest = G_MAXUINT64;

  for (guint i = 0; i < N_PROCESSES; i++)
    {
      Process *p = self->processes[i];

      if (p != NULL && p->pid == sample->pid)
        {
          slot = i;
          oldest = 0;
          break;
        }
      if (p == NULL || p->used < oldest)
        {
          slot = i;
          oldest = p == NULL ? 0 : p->used;
        }
    }
  if (self->processes[slot] != NULL &&
      (self->processes[slot]->pid != sample->pid ||
       (self->processes[slot]->maps != sample->maps &&
        !modules_still_mapped (self, self->processes[slot], sample->maps))))
    g_clear_pointer (&self->processes[slot], process_free);
  if (self->processes[slot] == NULL && (self->processes[slot] = process_new (self, sample->pid)) == NULL)
    return NULL;
  if (self->processes[slot]->maps != sample->maps)
    {
      g_clear_pointer (&self->processes[slot]->maps, g_ptr_array_unref);
      self->processes[slot]->maps = g_ptr_array_ref (sample->maps);
    }
  self->processes[slot]->used = ++self->clock;
  return self->processes[slot];
}

/* Makes sure the module holding @addr is reported. FALSE when @addr lies
 * in a mapping whose file cannot be read (perf ends the stack there). */
static gboolean
ensure_module (CsUnwindContext *self,
               guint64          addr)
{
  Process *p = self->process;
  const CsMapping *m;
  const CsUnwindFile *file;
  Reported r;
  Dwfl_Module *mod;
  void **userdata = NULL;

  if (dwfl_addrmodule (p->dwfl, addr) != NULL)
    return TRUE;
  m = find_mapping (self->sample->maps, addr);
  if (m == NULL)
    return TRUE;
  if ((file = mapping_file (self, m)) == NULL || !_cs_unwind_file_bias (file, m, &r.bias))
    return FALSE;
  r.low = r.bias + file->first_vaddr;
  r.high = r.bias + file->end_vaddr;
  r.addr = addr;
  r.file = file;
  dwfl_report_begin_add (p->dwfl);
  mod = dwfl_report_module (p->dwfl, file->name, r.low, r.high);
  dwfl_report_end (p->dwfl, NULL, NULL);
  if (mod == NULL)
    return FALSE;
  dwfl_module_info (mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
  *userdata = (void *) file;
  g_array_append_val (p->reported, r);
  return dwfl_addrmodule (p->dwfl, addr) == mod;
}

/* Whether the call-frame information at @pc (a frame's lookup address)
 * leaves the return address undefined: the outermost frame, by the code's
 * own word (_start, clone3's new thread). */
static gboolean
return_address_undefined (CsUnwindContext *self,
                          guint64          pc)
{
  Dwfl_Module *mod = dwfl_addrmodule (self->process->dwfl, pc);
  gboolean undefined = FALSE;

  for (guint i = 0; mod != NULL && i < 2; i++)
    {
      Dwarf_Addr bias = 0;
      Dwarf_CFI *cfi = i == 0 ? dwfl_module_eh_cfi (mod, &bias) : dwfl_module_dwarf_cfi (mod, &bias);
      Dwarf_Frame *frame = NULL;
      Dwarf_Op ops_mem[3], *ops = NULL;
      size_t n_ops = 0;
      int ra;

      if (cfi == NULL || dwarf_cfi_addrframe (cfi, pc - bias, &frame) != 0)
        continue;
      ra = dwarf_frame_info (frame, NULL, NULL, NULL);
      /* libdw's way of saying "undefined": no operations, in the buffer */
      undefined = ra >= 0 && dwarf_frame_register (frame, ra, ops_mem, &ops, &n_ops) == 0 &&
                  n_ops == 0 && ops == ops_mem;
      free (frame);
      break;
    }
  return undefined;
}

static int
frame_callback (Dwfl_Frame *state,
                void       *arg)
{
  CsUnwindContext *self = arg;
  Dwarf_Addr pc;
  bool activation = false;

  if (!dwfl_frame_pc (state, &pc, NULL))
    return DWARF_CB_ABORT;
  /* Unwinding this frame looks up its pc, or pc - 1 when it returned
   * from a call: both modules must be there before it is asked for. */
  if (!ensure_module (self, pc) || (self->n_out > 0 && pc > 0 && !ensure_module (self, pc - 1)))
    return DWARF_CB_ABORT;
  if (!dwfl_frame_pc (state, &pc, &activation))
    return DWARF_CB_ABORT;
  self->out[self->n_out++] = activation ? pc : pc - 1;
  return self->n_out < CS_UNWIND_MAX_FRAMES ? DWARF_CB_OK : DWARF_CB_ABORT;
}

void
_cs_unwind_context_run (CsUnwindContext      *self,
                        const CsUnwindSample *sample,
                        guint64              *frames,
                        CsUnwindResult       *result)
{
  int ret;

  result->n_frames = 0;
  result->complete = FALSE;
  result->cut = FALSE;
  if (sample->regs == NULL || sample->regs_abi != CS_UNWIND_REGS_ABI_64 || sample->maps == NULL ||
      !cs_unwind_regs_from_perf (self->arch, sample->regs_mask, sample->regs, sample->n_regs, &self->regs) ||
      (self->process = get_process (self, sample)) == NULL)
    return;
  self->sample = sample;
  self->out = frames;
  self->n_out = 0;
  self->beyond_copy = FALSE;
  ret = dwfl_getthread_frames (self->process->dwfl, sample->tid, frame_callback, self);
  result->n_frames = self->n_out;
  /* libdwfl ends a walk without an error both where the return address is
   * undefined and where it could not be read (beyond the stack copy), and
   * a register that could not be read leaves later frames without it. So
   * a walk that read beyond the copy was cut short unless it stopped at a
   * frame whose return address the code leaves undefined (_start reads
   * above the top of the stack). */
  result->cut = self->beyond_copy &&
                !(self->n_out > 0 && return_address_undefined (self, frames[self->n_out - 1]));
  result->complete = ret == 0 && !result->cut;
  self->sample = NULL;
  self->out = NULL;
}

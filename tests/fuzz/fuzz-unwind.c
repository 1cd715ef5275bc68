/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-unwind.c — libFuzzer target for the DWARF unwinder
 *
 * Unwinds mutations of a real sample. The sample is taken once, of this
 * very process, so that the files its frames lie in exist wherever the
 * fuzzer runs: the registers and 8 KiB of stack copied (as the kernel
 * copies them for PERF_SAMPLE_REGS_USER and STACK_USER) from inside a
 * function that the C library's twalk() calls, on a thread (clone3,
 * start_thread, a GLib thread function, twalk's recursion: frames without
 * frame pointers down to the entry), and the maps from /proc/self/maps. Each input then changes that sample:
 *
 *   bytes 0-1   the stack copy's size (little-endian, modulo its size + 1);
 *   bytes 2-161 XORed over the 20 registers in perf's order (AX … IP,
 *               FLAGS, CS, SS, R8 … R15);
 *   the rest    patches of 10 bytes: a stack offset (u16, modulo the copy)
 *               and 8 bytes XORed over the stack there.
 *
 * The unwinder must neither read outside what it was given nor crash,
 * loop or stop short of its frame limit's checks, whatever the registers
 * and the stack say. The seed corpus (corpus/unwind) holds the sample
 * unchanged and a few plain mutations.
 */
/* REG_RAX … in <sys/ucontext.h> */
#define _GNU_SOURCE

#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <search.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "cs-unwind-regs.h"
#include "cs-unwinder.h"

#define STACK_BYTES 8192
#define N_REGS      20
/* perf's x86-64 sample_regs_user: AX … SS and R8 … R15 */
#define REGS_MASK   G_GUINT64_CONSTANT (0xff0fff)

static guint64        base_regs[N_REGS];
static guint8         base_stack[STACK_BYTES];
static gsize          base_stack_size;
static GPtrArray     *maps;
static CsSymbolizer  *symbolizer;
static CsUnwinder    *unwinder;
static volatile guint64 sink;
static guint          last_n_frames;

#if defined(__x86_64__)
/* perf's register for each value, from the ucontext */
static void
take_registers (const ucontext_t *uc)
{
  const greg_t *g = uc->uc_mcontext.gregs;
  const int order[N_REGS] = { REG_RAX, REG_RBX, REG_RCX, REG_RDX, REG_RSI, REG_RDI, REG_RBP, REG_RSP,
                              REG_RIP, REG_EFL, REG_CSGSFS, REG_CSGSFS, REG_R8, REG_R9, REG_R10, REG_R11,
                              REG_R12, REG_R13, REG_R14, REG_R15 };

  for (guint i = 0; i < N_REGS; i++)
    base_regs[i] = (guint64) g[order[i]];
}
#endif

/* The top of the stack mapping that holds @sp, from /proc/self/maps; and
 * every mapping into @space. */
static guint64
read_maps (CsAddressSpace *space,
           guint64         sp)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 top = sp;

  if (!g_file_get_contents ("/proc/self/maps", &text, NULL, NULL))
    return top;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      unsigned long long start, end, offset;
      char perms[5] = "", path[4096] = "";
      int n = sscanf (lines[i], "%llx-%llx %4s %llx %*s %*s %4095[^\n]", &start, &end, perms, &offset, path);
      guint32 prot = 0;

      if (n < 4)
        continue;
      prot |= perms[0] == 'r' ? PROT_READ : 0;
      prot |= perms[1] == 'w' ? PROT_WRITE : 0;
      prot |= perms[2] == 'x' ? PROT_EXEC : 0;
      cs_address_space_mmap (space, getpid (), start, end - start, offset, prot, MAP_PRIVATE,
                             n == 5 ? g_strstrip (path) : "//anon", NULL, 0);
      if (sp >= start && sp < end)
        top = end;
    }
  return top;
}

/* Called back by twalk(): the moment the sample is taken, a few frames
 * into the C library (which, unlike qsort, AddressSanitizer leaves to
 * libc), on a thread of its own so that the copy holds the whole stack
 * down to clone3. */
static void
visit_and_sample (const void *node,
                  VISIT       which,
                  int         depth)
{
  static gboolean taken;

  if (taken)
    return;
  taken = TRUE;
#if defined(__x86_64__)
  {
    ucontext_t uc;
    g_autoptr(CsAddressSpace) space = cs_address_space_new ();
    guint64 sp, top;
    int fd;

    getcontext (&uc);
    take_registers (&uc);
    sp = base_regs[7];
    top = read_maps (space, sp);
    /* The stack as the kernel copies it; through /proc/self/mem so that
     * AddressSanitizer does not take the copy for an overflow. */
    base_stack_size = (gsize) MIN (STACK_BYTES, top - sp);
    fd = open ("/proc/self/mem", O_RDONLY);
    if (fd < 0 || pread (fd, base_stack, base_stack_size, (off_t) sp) != (ssize_t) base_stack_size)
      base_stack_size = 0;
    if (fd >= 0)
      close (fd);
    maps = cs_address_space_dup_mappings (space, getpid ());
  }
#endif
}

static int
compare_ints (const void *a,
              const void *b)
{
  return *(const int *) a - *(const int *) b;
}

/* the keys are static */
static void
keep_key (void *key)
{
}

static gpointer
sample_thread (gpointer data)
{
  static int keys[3] = { 2, 1, 3 };
  void *root = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    tsearch (&keys[i], &root, compare_ints);
  twalk (root, visit_and_sample);
  tdestroy (root, keep_key);
  return NULL;
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_thread_join (g_thread_new ("sample", sample_thread, NULL));
  symbolizer = cs_symbolizer_new ();
  /* one thread: the same input, the same run */
  unwinder = cs_unwinder_new (symbolizer, NULL, NULL, 1);
  /* The sample itself unwinds through qsort to main, else every input
   * would only test the failure at the first frame. */
  if (LLVMFuzzerTestOneInput (NULL, 0), last_n_frames < 5)
    {
      fprintf (stderr, "fuzz-unwind: the sample taken unwinds to %u frames only\n", last_n_frames);
      abort ();
    }
  return 0;
}

static guint64
load_u64 (const uint8_t *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return v;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static guint64 frames[CS_UNWIND_MAX_FRAMES];
  guint64 regs[N_REGS];
  g_autofree guint8 *stack = NULL;
  CsUnwindSample sample = { 0 };
  CsUnwindResult result;
  gsize stack_size = base_stack_size;
  size_t at = 0;

  if (maps == NULL || base_stack_size == 0)
    return 0;
  memcpy (regs, base_regs, sizeof regs);
  if (size >= 2)
    {
      stack_size = ((gsize) data[0] | (gsize) data[1] << 8) % (base_stack_size + 1);
      at = 2;
    }
  for (guint i = 0; i < N_REGS && at + 8 <= size; i++, at += 8)
    regs[i] ^= load_u64 (data + at);
  /* exactly the copy's bytes, so that AddressSanitizer sees a read past it */
  stack = g_memdup2 (base_stack, MAX (stack_size, 1));
  for (; at + 10 <= size && stack_size >= 8; at += 10)
    {
      gsize offset = ((gsize) data[at] | (gsize) data[at + 1] << 8) % (stack_size - 7);
      guint64 v;

      memcpy (&v, stack + offset, 8);
      v ^= load_u64 (data + at + 2);
      memcpy (stack + offset, &v, 8);
    }

  sample.pid = getpid ();
  sample.tid = getpid ();
  sample.regs_abi = CS_UNWIND_REGS_ABI_64;
  sample.regs_mask = REGS_MASK;
  sample.regs = regs;
  sample.n_regs = N_REGS;
  sample.stack = stack;
  sample.stack_size = stack_size;
  sample.maps = maps;
  cs_unwinder_unwind (unwinder, &sample, 1, frames, &result, NULL, NULL);
  if (result.n_frames > CS_UNWIND_MAX_FRAMES)
    abort ();
  last_n_frames = result.n_frames;
  for (guint i = 0; i < result.n_frames; i++)
    sink += frames[i];
  return 0;
}

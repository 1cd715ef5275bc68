/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-profile.c — cachelines of a real recording, against ground truth
 *
 * `cyclescope record --regs` runs cs-test-false-sharing (argv[1]; argv[2]
 * is the cyclescope binary): two threads incrementing two counters, in one
 * line ("adjacent") or two ("padded"), with one of two loops (see the
 * workload's header): read-modify-writes in a row, or the plain
 * load; add; store a compiler makes of `c->n++` ("-plain"). The workload
 * prints where its counters and its loop are; those addresses, the loops'
 * hand-written instructions, the workload's ELF symbol table and an
 * independent decode (capstone, here in the test) are the truth:
 *
 * - read with the plain perf.data reader, each sample at one of the loop's
 *   accesses, or at the non-memory instruction right after one (where a
 *   timer sample skids to), must carry %rdi = its thread's counter; the
 *   memory profile must put exactly those samples on the counter's line,
 *   each at the accessing instruction, those from the instruction after it
 *   marked as skid-corrected;
 * - the hottest line holds the counters; adjacent: both threads, flagged
 *   as false sharing; padded: two lines, neither flagged;
 * - plain loop: at least half of the loop's samples get an address, loads
 *   and stores are both seen, and every instruction the profile names is
 *   inside the loop's ELF symbol and has a memory operand;
 * - a hardware write breakpoint on the counter (a separate, unrecorded run)
 *   reports the instruction after the store the profile found.
 *
 * Damaged and missing files: test-memory-profile-errors.c.
 */
#include "config.h"

#include <capstone/capstone.h>
#include <gelf.h>
#include <string.h>

#include "cs-memory-profile.h"
#include "cs-perf-reader.h"
#include "cs-test-false-sharing.h"

#define PERF_SAMPLE_REGS_USER (G_GUINT64_CONSTANT (1) << 12)
#define REG_DI 5
#define LOOP_BYTES 32

/* The loops' counter accesses, by byte offset from `inner`, from their
 * encodings (cs-test-false-sharing.c), and the instruction after each when
 * that one accesses no memory: a sample there is the skid of the access
 * (its %rdi is untouched, so the access's address is known). 0: none. */
typedef struct
{
  const char *symbol;          /* the loop's function */
  guint       n_mem;
  guint       mem[4];
  guint       follower[4];
} Shape;

/* addq $1,(%rdi) × 4 at +0 +4 +8 +12, then dec %ecx at +16. */
static const Shape rmw_shape = { "cs_fs_loop", 4, { 0, 4, 8, 12 }, { 0, 0, 0, 16 } };
/* mov (%rdi),%rax +0; add $1,%rax +3; mov %rax,(%rdi) +7; dec %ecx +10. */
static const Shape plain_shape = { "cs_fs_plain_loop", 2, { 0, 7 }, { 3, 10 } };

#define RMW_LENGTH 4

static const char *workload;
static const char *cyclescope;
static char *tmpdir;

typedef struct
{
  const char  *mode;
  const Shape *shape;
  char        *perf_data;
  guint64      counter[2];     /* a, b */
  guint32      tid[2];
  guint64      stop;
  guint64      loop;           /* the loop's function */
  guint64      inner;
  guint64      inner_end;
  guint32      pid;            /* from the samples of the workers */
  /* from reading the file ourselves */
  guint64      by_offset[2][LOOP_BYTES];  /* samples of thread a/b per offset in the loop */
  guint64      attributed[2];  /* … at an access or its follower: what gets an address */
  guint64      rdi_ok[2];      /* … of which %rdi was the thread's counter */
  guint64      in_loop;        /* samples with an IP in [inner, inner_end) */
} Recording;

static Recording recordings[4];  /* adjacent, padded, adjacent-plain, padded-plain */

/* Register @reg of a sample, unpacked here by hand (ascending bit order of
 * the mask) rather than through the code under test. */
static gboolean
sample_reg (const CsPerfRegs *regs,
            guint             reg,
            guint64          *value)
{
  guint index = 0;

  if (regs->abi == 0 || (regs->mask & (G_GUINT64_CONSTANT (1) << reg)) == 0)
    return FALSE;
  for (guint bit = 0; bit < reg; bit++)
    if (regs->mask & (G_GUINT64_CONSTANT (1) << bit))
      index++;
  g_assert_cmpuint (index, <, regs->n_regs);
  *value = regs->regs[index];
  return TRUE;
}

static void
scan_samples (Recording *rec)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (rec->perf_data, &error);
  const CsPerfRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (rec->inner_end - rec->inner, <=, LOOP_BYTES);
  while (cs_perf_reader_next (reader, &r, &error))
    {
      const CsPerfSample *s = &r->sample;
      guint64 rdi = 0, offset;
      int who;

      if (r->type != CS_PERF_RECORD_SAMPLE || (r->misc & 7) != 2)
        continue;
      if (s->ip >= rec->inner && s->ip < rec->inner_end)
        rec->in_loop++;
      who = r->tid == rec->tid[0] ? 0 : r->tid == rec->tid[1] ? 1 : -1;
      if (who < 0)
        continue;
      rec->pid = r->pid;
      g_assert_true (s->sample_type & PERF_SAMPLE_REGS_USER);
      if (s->ip < rec->inner || s->ip >= rec->inner_end)
        continue;
      offset = s->ip - rec->inner;
      rec->by_offset[who][offset]++;
      /* At an access, or at the instruction after one that accesses no
       * memory: these should get the counter's address. */
      for (guint k = 0; k < rec->shape->n_mem; k++)
        if (offset == rec->shape->mem[k] || (offset > 0 && offset == rec->shape->follower[k]))
          {
            rec->attributed[who]++;
            if (sample_reg (&s->regs_user, REG_DI, &rdi) && rdi == rec->counter[who])
              rec->rdi_ok[who]++;
          }
    }
  g_assert_no_error (error);
}

/* Records @mode once; the tests of a mode share it. */
static Recording *
record (const char *mode)
{
  static const char * const modes[] = { "adjacent", "padded", "adjacent-plain", "padded-plain" };
  Recording *rec = NULL;
  g_autofree char *bundle = NULL, *out = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    if (g_str_equal (mode, modes[i]))
      rec = &recordings[i];
  g_assert_nonnull (rec);
  if (rec->perf_data != NULL)
    return rec;
  rec->mode = mode;
  rec->shape = g_str_has_suffix (mode, "-plain") ? &plain_shape : &rmw_shape;
  bundle = cs_test_fs_record (cyclescope, workload, tmpdir, mode, &out);
  g_test_message ("%s", out);
  rec->perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  rec->counter[0] = cs_test_fs_value (out, "counter_a");
  rec->counter[1] = cs_test_fs_value (out, "counter_b");
  rec->stop = cs_test_fs_value (out, "stop");
  rec->loop = cs_test_fs_value (out, "loop");
  rec->inner = cs_test_fs_value (out, "inner");
  rec->inner_end = cs_test_fs_value (out, "inner_end");
  rec->tid[0] = (guint32) cs_test_fs_value (out, "tid_a");
  rec->tid[1] = (guint32) cs_test_fs_value (out, "tid_b");
  scan_samples (rec);
  for (guint o = 0; o < rec->inner_end - rec->inner; o++)
    if (rec->by_offset[0][o] + rec->by_offset[1][o] > 0)
      g_test_message ("%s: samples at loop+%u: a %" G_GUINT64_FORMAT ", b %" G_GUINT64_FORMAT,
                      mode, o, rec->by_offset[0][o], rec->by_offset[1][o]);
  return rec;
}

static CsMemoryProfile *
load (const Recording *rec)
{
  g_autoptr(GError) error = NULL;
  CsMemoryProfile *profile = cs_memory_profile_load (rec->perf_data, NULL, NULL, &error);
  const CsMemoryStats *st;

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  st = cs_memory_profile_get_stats (profile);
  g_test_message ("with registers %" G_GUINT64_FORMAT ": known %" G_GUINT64_FORMAT " (%"
                  G_GUINT64_FORMAT " from the previous instruction), no memory %" G_GUINT64_FORMAT,
                  st->n_with_regs, st->n_known, st->n_known_previous, st->n_no_memory);
  return profile;
}

static guint64
line_of (guint64 address)
{
  return address & ~(guint64) (CS_MEMORY_LINE_SIZE - 1);
}

static const CsMemoryThread *
find_thread (const CsMemoryLine *line,
             guint32             tid)
{
  for (guint i = 0; i < line->n_threads; i++)
    if (line->threads[i].tid == tid)
      return &line->threads[i];
  return NULL;
}

/* Samples the profile put on @line from the loop's memory accesses. */
static guint64
loop_samples_on (const Recording    *rec,
                 const CsMemoryLine *line)
{
  guint64 n = 0;

  for (guint i = 0; i < line->n_ips; i++)
    if (line->ips[i].ip >= rec->inner && line->ips[i].ip < rec->inner_end)
      n += line->ips[i].samples;
  return n;
}

/* Each instruction of the loop that the profile names on the counters'
 * lines is one of the accesses, with exactly the samples taken at it plus
 * those taken at the instruction after it when that one has no memory
 * operand (counted from the raw samples), the latter marked corrected. */
static void
check_instructions (const Recording *rec,
                    CsMemoryProfile *profile)
{
  const Shape *shape = rec->shape;

  for (guint t = 0; t < 2; t++)
    {
      const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid, rec->counter[t]);
      guint n_found = 0;

      g_assert_nonnull (line);
      /* Adjacent: both threads' samples of one instruction are on this line. */
      for (guint k = 0; k < line->n_ips; k++)
        {
          const CsMemoryIp *ip = &line->ips[k];
          guint64 expect = 0, expect_corrected = 0;
          guint m;

          if (ip->ip < rec->inner || ip->ip >= rec->inner_end)
            continue;
          for (m = 0; m < shape->n_mem && rec->inner + shape->mem[m] != ip->ip; m++)
            ;
          /* Never the sampled add/dec: the accessing instruction. */
          g_assert_cmpuint (m, <, shape->n_mem);
          for (guint u = 0; u < 2; u++)
            {
              if (line_of (rec->counter[u]) != line->address)
                continue;
              expect += rec->by_offset[u][shape->mem[m]];
              if (shape->follower[m] != 0)
                {
                  expect += rec->by_offset[u][shape->follower[m]];
                  expect_corrected += rec->by_offset[u][shape->follower[m]];
                }
            }
          g_assert_cmpuint (ip->samples, ==, expect);
          g_assert_cmpuint (ip->skid_corrected, ==, expect_corrected);
          n_found++;
        }
      g_assert_cmpuint (n_found, >, 0);
    }
}

/* What every mode checks: the reconstruction against the samples' own
 * %rdi, and the accounting of the samples. */
static void
check_common (const Recording *rec,
              CsMemoryProfile *profile)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (profile);
  guint64 unknown = st->n_unknown_segment + st->n_unknown_register + st->n_unknown_overwritten +
                    st->n_unknown_jump_target +
                    st->n_no_code + st->n_undecodable;

  /* The collector sampled the right registers: at the loop's accesses and
   * right after them, %rdi is the counter's address (the workload's own
   * word). */
  for (guint t = 0; t < 2; t++)
    {
      g_assert_cmpuint (rec->attributed[t], >=, 10);
      g_assert_cmpuint (rec->rdi_ok[t], ==, rec->attributed[t]);
    }
  /* Every sample is accounted for exactly once. */
  g_assert_cmpuint (st->n_kernel + st->n_no_regs + st->n_with_regs, ==, st->n_samples);
  g_assert_cmpuint (st->n_known + st->n_no_memory + unknown, ==, st->n_with_regs);
  g_assert_cmpuint (st->n_known_previous, <=, st->n_known);
  g_assert_cmpuint (st->n_no_regs, ==, 0);
  /* Nearly all samples are in the loop (code of our own, in a file that is
   * there): few can be unknown, and the loop's memory accesses are known. */
  g_assert_cmpuint (rec->in_loop * 10, >=, st->n_with_regs * 8);
  g_assert_cmpuint (unknown * 20, <=, st->n_with_regs);
  g_assert_cmpuint (st->n_known, >=, rec->attributed[0] + rec->attributed[1]);
  /* Most samples in the loop are at an access to a counter or right
   * after one, so get a known address (checked per line below). */
  g_assert_cmpuint ((rec->attributed[0] + rec->attributed[1]) * 2, >, rec->in_loop);
  g_assert_false (st->truncated);
  g_assert_cmpuint (st->n_lines, ==, cs_memory_profile_get_n_lines (profile));
  /* Sorted by samples. */
  for (guint i = 1; i < st->n_lines; i++)
    g_assert_cmpuint (cs_memory_profile_get_line (profile, i - 1)->samples, >=,
                      cs_memory_profile_get_line (profile, i)->samples);
  check_instructions (rec, profile);
}

static void
test_adjacent (gconstpointer data)
{
  Recording *rec = record (data);
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *hot = cs_memory_profile_get_line (profile, 0);
  const CsMemoryThread *ta, *tb;
  guint off_a = (guint) (rec->counter[0] & 63), off_b = (guint) (rec->counter[1] & 63);

  check_common (rec, profile);
  /* The workload placed both counters in one line. */
  g_assert_cmphex (line_of (rec->counter[0]), ==, line_of (rec->counter[1]));

  /* The hottest line is the counters'. */
  g_assert_nonnull (hot);
  g_assert_cmpuint (hot->pid, ==, rec->pid);
  g_assert_cmphex (hot->address, ==, line_of (rec->counter[0]));
  g_assert_true (cs_memory_profile_find_line (profile, rec->pid, rec->counter[1]) == hot);
  /* Exactly the samples at the loop's accesses or right after, of both threads. */
  g_assert_cmpuint (loop_samples_on (rec, hot), ==, rec->attributed[0] + rec->attributed[1]);
  g_assert_cmpuint (hot->offsets[off_a], >=, rec->attributed[0]);
  g_assert_cmpuint (hot->offsets[off_b], >=, rec->attributed[1]);
  g_assert_cmpuint (hot->loads, >, 0);
  /* Every access of the read-modify-write loop stores; in the plain loop
   * a store sample is chance (the load is what stalls), so there the
   * count must be the raw samples at or right after the store. */
  if (rec->shape == &rmw_shape)
    g_assert_cmpuint (hot->stores, >, 0);
  else
    g_assert_cmpuint (hot->stores, ==, rec->by_offset[0][7] + rec->by_offset[0][10] +
                                       rec->by_offset[1][7] + rec->by_offset[1][10]);

  /* Two threads, each on its own 8 bytes: false sharing (once a store was
   * sampled: without one the profile cannot tell it from reads). */
  g_assert_cmpuint (hot->n_threads, >=, 2);
  ta = find_thread (hot, rec->tid[0]);
  tb = find_thread (hot, rec->tid[1]);
  g_assert_nonnull (ta);
  g_assert_nonnull (tb);
  g_assert_cmpuint (ta->samples, >=, rec->attributed[0]);
  g_assert_cmpuint (tb->samples, >=, rec->attributed[1]);
  g_assert_cmphex (ta->bytes & (G_GUINT64_CONSTANT (0xff) << off_a), ==, G_GUINT64_CONSTANT (0xff) << off_a);
  g_assert_cmphex (tb->bytes & (G_GUINT64_CONSTANT (0xff) << off_b), ==, G_GUINT64_CONSTANT (0xff) << off_b);
  g_assert_cmphex (ta->bytes & tb->bytes, ==, 0);
  if (rec->shape == &rmw_shape)
    g_assert_cmpuint (ta->stores, >, 0);
  g_assert_true (hot->false_sharing == (hot->stores > 0));

  /* The stop flag: read by both workers, written (once) by the main
   * thread on the same bytes: never false sharing. */
  {
    const CsMemoryLine *stop = cs_memory_profile_find_line (profile, rec->pid, rec->stop);

    if (stop != NULL)
      g_assert_false (stop->false_sharing);
  }
}

static void
test_padded (gconstpointer data)
{
  Recording *rec = record (data);
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *hot = cs_memory_profile_get_line (profile, 0);
  const CsMemoryLine *la, *lb;
  guint n_flagged = 0;

  check_common (rec, profile);
  g_assert_cmphex (line_of (rec->counter[0]), !=, line_of (rec->counter[1]));

  la = cs_memory_profile_find_line (profile, rec->pid, rec->counter[0]);
  lb = cs_memory_profile_find_line (profile, rec->pid, rec->counter[1]);
  g_assert_nonnull (la);
  g_assert_nonnull (lb);
  g_assert_true (la != lb);
  g_assert_true (hot == la || hot == lb);
  g_assert_cmpuint (loop_samples_on (rec, la), ==, rec->attributed[0]);
  g_assert_cmpuint (loop_samples_on (rec, lb), ==, rec->attributed[1]);
  /* Each line is its thread's alone: nothing to flag. */
  g_assert_nonnull (find_thread (la, rec->tid[0]));
  g_assert_null (find_thread (la, rec->tid[1]));
  g_assert_nonnull (find_thread (lb, rec->tid[1]));
  g_assert_null (find_thread (lb, rec->tid[0]));
  g_assert_false (la->false_sharing);
  g_assert_false (lb->false_sharing);
  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    n_flagged += cs_memory_profile_get_line (profile, i)->false_sharing ? 1 : 0;
  g_test_message ("%u lines flagged in the padded run", n_flagged);
}

/* From the workload's own file: the ELF symbol @name's address and size,
 * and a copy of its bytes. */
static guint8 *
workload_function (const char *name,
                   guint64    *value,
                   guint64    *size)
{
  g_autofree char *file = NULL;
  gsize file_len = 0;
  Elf *elf;
  Elf_Scn *scn = NULL;
  guint8 *bytes = NULL;

  g_assert_true (g_file_get_contents (workload, &file, &file_len, NULL));
  elf_version (EV_CURRENT);
  g_assert_nonnull ((elf = elf_memory (file, file_len)));
  while (bytes == NULL && (scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr, text;
      Elf_Data *d = elf_getdata (scn, NULL);
      GElf_Sym sym;
      const char *n;

      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_SYMTAB || d == NULL)
        continue;
      for (gsize i = 0; bytes == NULL && i < shdr.sh_size / MAX (shdr.sh_entsize, 1); i++)
        if (gelf_getsym (d, (int) i, &sym) != NULL &&
            (n = elf_strptr (elf, shdr.sh_link, sym.st_name)) != NULL && g_str_equal (n, name))
          {
            g_assert_nonnull (gelf_getshdr (elf_getscn (elf, sym.st_shndx), &text));
            g_assert_cmpuint (sym.st_value + sym.st_size, <=, text.sh_addr + text.sh_size);
            *value = sym.st_value;
            *size = sym.st_size;
            bytes = g_memdup2 (file + text.sh_offset + (sym.st_value - text.sh_addr), sym.st_size);
          }
    }
  elf_end (elf);
  g_assert_nonnull (bytes);
  return bytes;
}

/* The plain loop, where the timer samples skid past the accesses: at least
 * half of the loop's samples get an address, each thread's loads and stores
 * are exactly the samples at or right after its load and its store, and
 * each instruction named on the counters' lines lies in the
 * loop's ELF symbol and, decoded here, accesses memory the way the profile
 * says (a load reads, a store writes). */
static void
test_plain (gconstpointer data)
{
  Recording *rec = record (data);
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *lines[2];
  guint64 known = 0, sym_value = 0, sym_size = 0;
  g_autofree guint8 *fn = workload_function (rec->shape->symbol, &sym_value, &sym_size);
  csh handle;
  cs_insn *insn;
  guint n_checked = 0;

  g_assert_cmpuint (sym_size, >, 0);
  g_assert_cmpint (cs_open (CS_ARCH_X86, CS_MODE_64, &handle), ==, CS_ERR_OK);
  cs_option (handle, CS_OPT_DETAIL, CS_OPT_ON);
  insn = cs_malloc (handle);

  /* The skid is there: samples at the add and the dec after the accesses. */
  g_assert_cmpuint (rec->by_offset[0][3] + rec->by_offset[0][10] +
                    rec->by_offset[1][3] + rec->by_offset[1][10], >, 0);
  for (guint t = 0; t < 2; t++)
    {
      const CsMemoryThread *th;

      lines[t] = cs_memory_profile_find_line (profile, rec->pid, rec->counter[t]);
      g_assert_nonnull (lines[t]);
      if (t == 0 || lines[1] != lines[0])
        known += loop_samples_on (rec, lines[t]);
      th = find_thread (lines[t], rec->tid[t]);
      g_assert_nonnull (th);
      /* Exactly the samples at the load (+0) or skidded past it (+3) load,
       * and those at the store (+7) or past it (+10) store. How many land on
       * the store is chance (the load is what stalls), so it may be none:
       * the count must match, not be positive. Loads always are. */
      g_assert_cmpuint (th->loads, ==, rec->by_offset[t][0] + rec->by_offset[t][3]);
      g_assert_cmpuint (th->stores, ==, rec->by_offset[t][7] + rec->by_offset[t][10]);
      g_assert_cmpuint (th->loads, >, 0);
      for (guint k = 0; k < lines[t]->n_ips; k++)
        {
          const CsMemoryIp *ip = &lines[t]->ips[k];
          const guint8 *p;
          size_t n;
          guint64 addr = ip->ip;
          const cs_x86_op *mem = NULL;

          /* Only the loop touches the counters: every instruction named
           * is in its symbol's range, shifted to where this run loaded it. */
          g_assert_cmphex (ip->ip, >=, rec->loop);
          g_assert_cmphex (ip->ip, <, rec->loop + sym_size);
          p = fn + (ip->ip - rec->loop);
          n = sym_size - (ip->ip - rec->loop);
          g_assert_true (cs_disasm_iter (handle, &p, &n, &addr, insn));
          g_test_message ("0x%" G_GINT64_MODIFIER "x: %s %s: %" G_GUINT64_FORMAT " samples (%"
                          G_GUINT64_FORMAT " corrected), %" G_GUINT64_FORMAT " loads, %"
                          G_GUINT64_FORMAT " stores", ip->ip, insn->mnemonic, insn->op_str,
                          ip->samples, ip->skid_corrected, ip->loads, ip->stores);
          g_assert_cmpint (insn->id, !=, X86_INS_LEA);
          for (guint o = 0; o < insn->detail->x86.op_count && mem == NULL; o++)
            if (insn->detail->x86.operands[o].type == X86_OP_MEM)
              mem = &insn->detail->x86.operands[o];
          g_assert_nonnull (mem);
          if (ip->loads > 0)
            g_assert_true (mem->access & CS_AC_READ);
          if (ip->stores > 0)
            g_assert_true (mem->access & CS_AC_WRITE);
          n_checked++;
        }
    }
  cs_free (insn, 1);
  cs_close (&handle);
  g_assert_cmpuint (n_checked, >=, 2);
  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " loop samples with an address",
                  known, rec->in_loop);
  g_assert_cmpuint (known * 2, >=, rec->in_loop);

  /* And the verdicts. */
  if (g_str_equal (rec->mode, "adjacent-plain"))
    test_adjacent (data);
  else
    test_padded (data);
}

/* The hardware as witness: a write breakpoint on counter a, in an
 * unrecorded run, reports (as a trap) the instruction after each write.
 * Every instruction the profile says stores to the counter's line must be
 * one the breakpoint caught, i.e. end where a trap was reported; and the
 * breakpoint must have caught every write the counter's value says
 * happened. Offsets from the loop's start, since the two runs load the
 * program at different addresses. */
static void
test_breakpoint_witness (void)
{
  Recording *rec = record ("adjacent");
  g_autoptr(CsMemoryProfile) profile = load (rec);
  const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid, rec->counter[0]);
  g_autoptr(GHashTable) traps = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 inner = 0, writes = 0, final = 0;
  guint n_checked = 0;
  int status = 0;
  const char *argv[] = { workload, "adjacent", "0.2", "watch", NULL };

  g_assert_nonnull (line);
  out = cs_test_run (argv, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (strstr (out, "watch_a unavailable") != NULL)
    {
      g_test_skip ("hardware breakpoints are not available (perf_event_open PERF_TYPE_BREAKPOINT)");
      return;
    }
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint64 ip = 0, hits = 0;

      if (sscanf (lines[i], "inner 0x%" G_GINT64_MODIFIER "x", &inner) == 1)
        continue;
      if (sscanf (lines[i], "watch_a writes %" G_GINT64_MODIFIER "u final %" G_GINT64_MODIFIER "u",
                  &writes, &final) == 2)
        continue;
      if (sscanf (lines[i], "watch_a_ip 0x%" G_GINT64_MODIFIER "x %" G_GINT64_MODIFIER "u", &ip, &hits) == 2)
        g_array_append_val (offsets, ip);
    }
  g_assert_cmpuint (inner, !=, 0);
  for (guint i = 0; i < offsets->len; i++)
    {
      guint64 *o = &g_array_index (offsets, guint64, i);

      *o -= inner;
      g_test_message ("breakpoint: a write ends at loop+%" G_GUINT64_FORMAT, *o);
      g_hash_table_add (traps, o);
    }
  g_assert_cmpuint (writes, >, 0);
  g_assert_cmpuint (writes, ==, final);
  g_assert_cmpuint (offsets->len, >, 0);

  for (guint k = 0; k < line->n_ips; k++)
    {
      guint64 end = line->ips[k].ip - rec->inner + RMW_LENGTH;

      if (line->ips[k].stores == 0 || line->ips[k].ip < rec->inner || line->ips[k].ip >= rec->inner_end)
        continue;
      g_test_message ("profile: store at loop+%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT " samples",
                      line->ips[k].ip - rec->inner, line->ips[k].samples);
      g_assert_true (g_hash_table_contains (traps, &end));
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >, 0);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  workload = argv[1];
  cyclescope = argv[2];

  g_test_add_data_func ("/memory-profile/adjacent", "adjacent", test_adjacent);
  g_test_add_data_func ("/memory-profile/padded", "padded", test_padded);
  g_test_add_data_func ("/memory-profile/plain-adjacent", "adjacent-plain", test_plain);
  g_test_add_data_func ("/memory-profile/plain-padded", "padded-plain", test_plain);
  g_test_add_func ("/memory-profile/breakpoint-witness", test_breakpoint_witness);

  ret = cs_test_run_with_tmpdir (&tmpdir);
  for (guint i = 0; i < G_N_ELEMENTS (recordings); i++)
    g_free (recordings[i].perf_data);
  return ret;
}

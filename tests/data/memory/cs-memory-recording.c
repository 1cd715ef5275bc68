/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-memory-recording.c — see cs-memory-recording.h */
#include "config.h"

#include <gelf.h>
#include <string.h>

#include "cs-memory-recording.h"
#include "cs-perf-reader.h"
#include "cs-test-false-sharing.h"

#define PERF_SAMPLE_REGS_USER (G_GUINT64_CONSTANT (1) << 12)
#define REG_SI 4
#define REG_DI 5

/* addq $1,(%rdi) × 4 at +0 +4 +8 +12, then dec %ecx at +16. */
const CsFsShape cs_fs_rmw_shape = {
  "cs_fs_loop", 4, { 0, 4, 8, 12 }, { 0, 0, 0, 16 }, { 1, 1, 1, 1 }, { 1, 1, 1, 1 }, 8, REG_DI };
/* mov (%rdi),%rax +0; add $1,%rax +3; mov %rax,(%rdi) +7; dec %ecx +10. */
const CsFsShape cs_fs_plain_shape = {
  "cs_fs_plain_loop", 2, { 0, 7 }, { 3, 10 }, { 1, 0 }, { 0, 1 }, 8, REG_DI };
/* mov (%rdi),%rax +0; lea 1(%rax),%rdx +3; lock cmpxchg %rdx,(%rdi) +7; dec %ecx +12. */
const CsFsShape cs_fs_cmpxchg_shape = {
  "cs_fs_cmpxchg_loop", 2, { 0, 7 }, { 3, 12 }, { 1, 1 }, { 0, 1 }, 8, REG_DI };
/* movups %xmm0,(%rdi) × 4 at +0 +3 +6 +9, then dec %ecx at +12. */
const CsFsShape cs_fs_movups_shape = {
  "cs_fs_movups_loop", 4, { 0, 3, 6, 9 }, { 0, 0, 0, 12 }, { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, 16, REG_DI };
/* mov %rdx,%rcx +0 (the loop head); cmpl $0,(%rsi) +3; jne +6. */
const CsFsShape cs_fs_spin_shape = {
  "cs_fs_spin_loop", 1, { 3 }, { 6 }, { 1 }, { 0 }, 4, REG_SI };

static GHashTable *recordings;   /* mode -> CsFsRecording* */

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

/* The address worker @who's accesses in the loop go to. */
static guint64
target (const CsFsRecording *rec,
        guint                who)
{
  return rec->shape->reg == REG_SI ? rec->stop : rec->counter[who];
}

static void
scan_samples (CsFsRecording *rec)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsPerfReader) reader = cs_perf_reader_new (rec->perf_data, &error);
  const CsPerfRecord *r;

  g_assert_no_error (error);
  g_assert_cmpuint (rec->inner_end - rec->inner, <=, CS_FS_LOOP_BYTES);
  while (cs_perf_reader_next (reader, &r, &error))
    {
      const CsPerfSample *s = &r->sample;
      guint64 value = 0, offset;
      int who;

      if (r->type != CS_PERF_RECORD_SAMPLE || (r->misc & 7) != 2)
        continue;
      who = r->tid == rec->tid[0] ? 0 : r->tid == rec->tid[1] ? 1 : -1;
      if (who < 0)
        continue;
      g_assert_cmpuint (r->pid, ==, rec->pid[who]);
      g_assert_true (s->sample_type & PERF_SAMPLE_REGS_USER);
      if (s->ip == rec->inner - 3)
        rec->before_inner[who]++;
      if (s->ip < rec->inner || s->ip >= rec->inner_end)
        continue;
      rec->in_loop++;
      offset = s->ip - rec->inner;
      rec->by_offset[who][offset]++;
      /* At an access, or at the instruction after one that accesses no
       * memory: these should get the access's address. */
      for (guint k = 0; k < rec->shape->n_mem; k++)
        if (offset == rec->shape->mem[k] || (offset > 0 && offset == rec->shape->follower[k]))
          {
            rec->attributed[who]++;
            if (sample_reg (&s->regs_user, rec->shape->reg, &value) && value == target (rec, who))
              rec->reg_ok[who]++;
          }
    }
  g_assert_no_error (error);
}

static const CsFsShape *
shape_of (const char *mode)
{
  if (g_str_has_suffix (mode, "-plain"))
    return &cs_fs_plain_shape;
  if (g_str_has_suffix (mode, "-cmpxchg"))
    return &cs_fs_cmpxchg_shape;
  if (g_str_has_suffix (mode, "-movups"))
    return &cs_fs_movups_shape;
  if (g_str_has_suffix (mode, "-spin"))
    return &cs_fs_spin_shape;
  if (g_str_has_suffix (mode, "-memcpy"))
    return NULL;
  return &cs_fs_rmw_shape;
}

static void
recording_free (CsFsRecording *rec)
{
  g_free (rec->perf_data);
  g_free (rec->out);
  g_free ((char *) rec->mode);
  g_free (rec);
}

CsFsRecording *
cs_fs_recording_get (const char *cyclescope,
                     const char *workload,
                     const char *tmpdir,
                     const char *mode)
{
  CsFsRecording *rec;
  g_autofree char *bundle = NULL;

  if (recordings == NULL)
    recordings = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) recording_free);
  if ((rec = g_hash_table_lookup (recordings, mode)) != NULL)
    return rec;
  rec = g_new0 (CsFsRecording, 1);
  rec->mode = g_strdup (mode);
  rec->shape = shape_of (mode);
  g_hash_table_insert (recordings, (char *) rec->mode, rec);
  bundle = cs_test_fs_record (cyclescope, workload, tmpdir, mode, &rec->out);
  g_test_message ("%s", rec->out);
  rec->perf_data = g_build_filename (bundle, "sampling-0.perf.data", NULL);
  rec->counter[0] = cs_test_fs_value (rec->out, "counter_a");
  rec->counter[1] = cs_test_fs_value (rec->out, "counter_b");
  rec->stop = cs_test_fs_value (rec->out, "stop");
  rec->loop = cs_test_fs_value (rec->out, "loop");
  rec->tid[0] = (guint32) cs_test_fs_value (rec->out, "tid_a");
  rec->tid[1] = (guint32) cs_test_fs_value (rec->out, "tid_b");
  rec->pid[0] = (guint32) cs_test_fs_value (rec->out, "pid_a");
  rec->pid[1] = (guint32) cs_test_fs_value (rec->out, "pid_b");
  if (rec->shape != NULL)
    {
      rec->inner = cs_test_fs_value (rec->out, "inner");
      rec->inner_end = cs_test_fs_value (rec->out, "inner_end");
      scan_samples (rec);
      for (guint o = 0; o < rec->inner_end - rec->inner; o++)
        if (rec->by_offset[0][o] + rec->by_offset[1][o] > 0)
          g_test_message ("%s: samples at loop+%u: a %" G_GUINT64_FORMAT ", b %" G_GUINT64_FORMAT,
                          mode, o, rec->by_offset[0][o], rec->by_offset[1][o]);
    }
  return rec;
}

void
cs_fs_recordings_free (void)
{
  g_clear_pointer (&recordings, g_hash_table_unref);
}

CsMemoryProfile *
cs_fs_load (const CsFsRecording *rec)
{
  g_autoptr(GError) error = NULL;
  CsMemoryProfile *profile = cs_memory_profile_load (rec->perf_data, NULL, NULL, &error);
  const CsMemoryStats *st;

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  st = cs_memory_profile_get_stats (profile);
  g_test_message ("with registers %" G_GUINT64_FORMAT ": known %" G_GUINT64_FORMAT " (%"
                  G_GUINT64_FORMAT " from the previous instruction), no memory %" G_GUINT64_FORMAT
                  ", jump target %" G_GUINT64_FORMAT, st->n_with_regs, st->n_known, st->n_known_previous,
                  st->n_no_memory, st->n_unknown_jump_target);
  return profile;
}

const CsMemoryThread *
cs_fs_find_thread (const CsMemoryLine *line,
                   guint32             tid)
{
  for (guint i = 0; i < line->n_threads; i++)
    if (line->threads[i].tid == tid)
      return &line->threads[i];
  return NULL;
}

guint64
cs_fs_loop_samples_on (const CsFsRecording *rec,
                       const CsMemoryLine  *line)
{
  guint64 n = 0;

  for (guint i = 0; i < line->n_ips; i++)
    if (line->ips[i].ip >= rec->inner && line->ips[i].ip < rec->inner_end)
      n += line->ips[i].samples;
  return n;
}

guint64
cs_fs_expected (const CsFsRecording *rec,
                guint                t,
                gboolean             stores)
{
  const CsFsShape *shape = rec->shape;
  guint64 n = 0;

  for (guint k = 0; k < shape->n_mem; k++)
    if (stores ? shape->stores[k] : shape->loads[k])
      n += rec->by_offset[t][shape->mem[k]] + (shape->follower[k] != 0 ? rec->by_offset[t][shape->follower[k]] : 0);
  return n;
}

/* Each instruction of the loop that the profile names on the lines the
 * loop accesses is one of the accesses, with exactly the samples taken at
 * it plus those taken at the instruction after it when that one has no
 * memory operand (counted from the raw samples), the latter marked
 * corrected. */
static void
check_instructions (const CsFsRecording *rec,
                    CsMemoryProfile     *profile)
{
  const CsFsShape *shape = rec->shape;

  for (guint t = 0; t < 2; t++)
    {
      const CsMemoryLine *line = cs_memory_profile_find_line (profile, rec->pid[t], target (rec, t));
      guint n_found = 0;

      g_assert_nonnull (line);
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
          /* Both workers' samples of one instruction are on a shared line. */
          for (guint u = 0; u < 2; u++)
            {
              if (cs_memory_profile_find_line (profile, rec->pid[u], target (rec, u)) != line)
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

void
cs_fs_check_common (const CsFsRecording *rec,
                    CsMemoryProfile     *profile)
{
  const CsMemoryStats *st = cs_memory_profile_get_stats (profile);
  guint64 unknown = st->n_unknown_segment + st->n_unknown_register + st->n_unknown_overwritten +
                    st->n_unknown_jump_target + st->n_no_code + st->n_undecodable;

  /* The collector sampled the right registers: at the loop's accesses and
   * right after them, the address register holds the workload's own word. */
  for (guint t = 0; t < 2; t++)
    {
      g_assert_cmpuint (rec->attributed[t], >=, 10);
      g_assert_cmpuint (rec->reg_ok[t], ==, rec->attributed[t]);
    }
  /* Every sample is accounted for exactly once. */
  g_assert_cmpuint (st->n_kernel + st->n_no_regs + st->n_with_regs, ==, st->n_samples);
  g_assert_cmpuint (st->n_known + st->n_no_memory + unknown, ==, st->n_with_regs);
  g_assert_cmpuint (st->n_known_previous, <=, st->n_known);
  g_assert_cmpuint (st->n_no_regs, ==, 0);
  /* The collector records data mappings with registers. */
  g_assert_true (st->data_mappings);
  /* Nearly all samples are in the loop (code of our own, in a file that is
   * there). */
  g_assert_cmpuint (rec->in_loop * 10, >=, st->n_with_regs * 8);
  g_assert_cmpuint (st->n_known, >=, rec->attributed[0] + rec->attributed[1]);
  g_assert_false (st->truncated);
  g_assert_cmpuint (st->n_lines, ==, cs_memory_profile_get_n_lines (profile));
  /* Sorted by samples. */
  for (guint i = 1; i < st->n_lines; i++)
    g_assert_cmpuint (cs_memory_profile_get_line (profile, i - 1)->samples, >=,
                      cs_memory_profile_get_line (profile, i)->samples);
  check_instructions (rec, profile);
}

guint8 *
cs_fs_workload_symbol (const char *workload,
                       const char *name,
                       guint64    *value,
                       guint64    *size)
{
  g_autofree char *file = NULL;
  gsize file_len = 0;
  gboolean found = FALSE;
  Elf *elf;
  Elf_Scn *scn = NULL;
  guint8 *bytes = NULL;

  g_assert_true (g_file_get_contents (workload, &file, &file_len, NULL));
  elf_version (EV_CURRENT);
  g_assert_nonnull ((elf = elf_memory (file, file_len)));
  while (!found && (scn = elf_nextscn (elf, scn)) != NULL)
    {
      GElf_Shdr shdr, section;
      Elf_Data *d = elf_getdata (scn, NULL);
      GElf_Sym sym;
      const char *n;

      if (gelf_getshdr (scn, &shdr) == NULL || shdr.sh_type != SHT_SYMTAB || d == NULL)
        continue;
      for (gsize i = 0; !found && i < shdr.sh_size / MAX (shdr.sh_entsize, 1); i++)
        if (gelf_getsym (d, (int) i, &sym) != NULL &&
            (n = elf_strptr (elf, shdr.sh_link, sym.st_name)) != NULL && g_str_equal (n, name))
          {
            g_assert_nonnull (gelf_getshdr (elf_getscn (elf, sym.st_shndx), &section));
            g_assert_cmpuint (sym.st_value + sym.st_size, <=, section.sh_addr + section.sh_size);
            *value = sym.st_value;
            *size = sym.st_size;
            found = TRUE;
            if (GELF_ST_TYPE (sym.st_info) == STT_FUNC)
              bytes = g_memdup2 (file + section.sh_offset + (sym.st_value - section.sh_addr), sym.st_size);
          }
    }
  elf_end (elf);
  g_assert_true (found);
  return bytes;
}

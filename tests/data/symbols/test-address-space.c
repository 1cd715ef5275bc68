/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-address-space.c — MMAP/MMAP2, FORK, COMM (exec), EXIT semantics
 *
 * Every expected value is worked out by hand from the records fed in.
 */
#include "config.h"

#include "cs-address-space.h"

#define PID 1000

static void
assert_mapping (const CsMapping *m,
                guint64          start,
                guint64          end,
                guint64          pgoff,
                const char      *filename)
{
  g_assert_nonnull (m);
  g_assert_cmphex (m->start, ==, start);
  g_assert_cmphex (m->end, ==, end);
  g_assert_cmphex (m->pgoff, ==, pgoff);
  g_assert_cmpstr (m->filename, ==, filename);
}

static void
test_lookup (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  const CsMapping *m;

  cs_address_space_mmap (space, PID, 0x1000, 0x2000, 0, 5, 2, "/bin/a", NULL, 0);
  cs_address_space_mmap (space, PID, 0x5000, 0x1000, 0x3000, 5, 2, "/lib/b.so", NULL, 0);

  m = cs_address_space_lookup (space, PID, 0x1000);
  assert_mapping (m, 0x1000, 0x3000, 0, "/bin/a");
  g_assert_cmpuint (m->prot, ==, 5);
  g_assert_cmpuint (m->flags, ==, 2);
  g_assert_false (m->kernel);
  assert_mapping (cs_address_space_lookup (space, PID, 0x2fff), 0x1000, 0x3000, 0, "/bin/a");
  g_assert_null (cs_address_space_lookup (space, PID, 0x3000));
  g_assert_null (cs_address_space_lookup (space, PID, 0xfff));
  g_assert_null (cs_address_space_lookup (space, PID, 0x6000));

  m = cs_address_space_lookup (space, PID, 0x5800);
  assert_mapping (m, 0x5000, 0x6000, 0x3000, "/lib/b.so");
  /* 0x5800 - 0x5000 + 0x3000 */
  g_assert_cmphex (cs_mapping_file_offset (m, 0x5800), ==, 0x3800);

  /* Another process does not see these maps. */
  g_assert_null (cs_address_space_lookup (space, PID + 1, 0x1000));
  g_assert_false (cs_address_space_has_process (space, PID + 1));
}

/* MMAP2's device and inode travel with the mapping: into the pieces a
 * later mapping leaves of it and into a forked child (shared memory is the
 * same file at the same offset in both). */
static void
test_identity (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  CsMappingIdentity id = { 0, 0x1b, 4, 1811468704 };
  const CsMapping *m;

  cs_address_space_mmap_identity (space, PID, 0x10000, 0x3000, 0x1000, 3, 1, "/dev/shm/x", &id, NULL, 0);
  cs_address_space_mmap (space, PID, 0x11000, 0x1000, 0, 3, 2, "//anon", NULL, 0);
  m = cs_address_space_lookup (space, PID, 0x12800);
  assert_mapping (m, 0x12000, 0x13000, 0x3000, "/dev/shm/x");
  g_assert_cmpuint (m->identity.min, ==, 0x1b);
  g_assert_cmpuint (m->identity.ino, ==, 4);
  g_assert_cmpuint (m->identity.ino_generation, ==, 1811468704);
  m = cs_address_space_lookup (space, PID, 0x11000);
  g_assert_cmpuint (m->identity.ino, ==, 0);
  cs_address_space_fork (space, PID + 1, PID);
  m = cs_address_space_lookup (space, PID + 1, 0x10000);
  assert_mapping (m, 0x10000, 0x11000, 0x1000, "/dev/shm/x");
  g_assert_cmpuint (m->identity.ino, ==, 4);
}

static void
test_overlap (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(GPtrArray) maps = NULL;

  cs_address_space_mmap (space, PID, 0x1000, 0x4000, 0x100000, 5, 0, "/a", NULL, 0);
  cs_address_space_mmap (space, PID, 0x2000, 0x1000, 0, 5, 0, "/b", NULL, 0);

  /* /b punches a hole in /a; the tail of /a keeps its file offset:
   * 0x100000 + (0x3000 - 0x1000) = 0x102000. */
  maps = cs_address_space_dup_mappings (space, PID);
  g_assert_cmpuint (maps->len, ==, 3);
  assert_mapping (maps->pdata[0], 0x1000, 0x2000, 0x100000, "/a");
  assert_mapping (maps->pdata[1], 0x2000, 0x3000, 0, "/b");
  assert_mapping (maps->pdata[2], 0x3000, 0x5000, 0x102000, "/a");
  g_clear_pointer (&maps, g_ptr_array_unref);

  /* /c covers the end of the first piece of /a, all of /b and the start of
   * the last piece: 0x102000 + (0x4000 - 0x3000) = 0x103000. */
  cs_address_space_mmap (space, PID, 0x1800, 0x2800, 0x7000, 3, 0, "/c", NULL, 0);
  maps = cs_address_space_dup_mappings (space, PID);
  g_assert_cmpuint (maps->len, ==, 3);
  assert_mapping (maps->pdata[0], 0x1000, 0x1800, 0x100000, "/a");
  assert_mapping (maps->pdata[1], 0x1800, 0x4000, 0x7000, "/c");
  assert_mapping (maps->pdata[2], 0x4000, 0x5000, 0x103000, "/a");
  g_clear_pointer (&maps, g_ptr_array_unref);

  /* Exact replacement. */
  cs_address_space_mmap (space, PID, 0x1800, 0x2800, 0, 5, 0, "/d", NULL, 0);
  assert_mapping (cs_address_space_lookup (space, PID, 0x3fff), 0x1800, 0x4000, 0, "/d");
  maps = cs_address_space_dup_mappings (space, PID);
  g_assert_cmpuint (maps->len, ==, 3);
}

static void
test_fork (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();

  cs_address_space_comm (space, PID, PID, "parent", FALSE);
  cs_address_space_mmap (space, PID, 0x1000, 0x1000, 0, 5, 0, "/bin/parent", NULL, 0);

  /* A new thread: no new process. */
  cs_address_space_fork (space, PID, PID);
  g_assert_false (cs_address_space_has_process (space, PID + 1));

  cs_address_space_fork (space, PID + 1, PID);
  g_assert_true (cs_address_space_has_process (space, PID + 1));
  g_assert_cmpstr (cs_address_space_get_comm (space, PID + 1), ==, "parent");
  assert_mapping (cs_address_space_lookup (space, PID + 1, 0x1800), 0x1000, 0x2000, 0,
                  "/bin/parent");

  /* After the fork each side maps on its own. */
  cs_address_space_mmap (space, PID + 1, 0x8000, 0x1000, 0, 5, 0, "/lib/child.so", NULL, 0);
  cs_address_space_mmap (space, PID, 0x9000, 0x1000, 0, 5, 0, "/lib/parent.so", NULL, 0);
  g_assert_null (cs_address_space_lookup (space, PID, 0x8000));
  g_assert_null (cs_address_space_lookup (space, PID + 1, 0x9000));
  assert_mapping (cs_address_space_lookup (space, PID + 1, 0x8000), 0x8000, 0x9000, 0,
                  "/lib/child.so");

  /* A thread renaming itself does not rename the process. */
  cs_address_space_comm (space, PID, PID + 7, "worker", FALSE);
  g_assert_cmpstr (cs_address_space_get_comm (space, PID), ==, "parent");

  /* Fork from an unknown parent: an empty process. */
  cs_address_space_fork (space, 4242, 4241);
  g_assert_true (cs_address_space_has_process (space, 4242));
  g_assert_null (cs_address_space_lookup (space, 4242, 0x1000));
}

static void
test_exec (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  g_autoptr(GPtrArray) maps = NULL;

  cs_address_space_comm (space, PID, PID, "sh", FALSE);
  cs_address_space_mmap (space, PID, 0x1000, 0x1000, 0, 5, 0, "/bin/sh", NULL, 0);
  cs_address_space_fork (space, PID + 1, PID);

  /* The child execs: COMM with the exec flag drops the old image. */
  cs_address_space_comm (space, PID + 1, PID + 1, "prog", TRUE);
  g_assert_cmpstr (cs_address_space_get_comm (space, PID + 1), ==, "prog");
  g_assert_null (cs_address_space_lookup (space, PID + 1, 0x1000));
  maps = cs_address_space_dup_mappings (space, PID + 1);
  g_assert_cmpuint (maps->len, ==, 0);

  cs_address_space_mmap (space, PID + 1, 0x1000, 0x2000, 0, 5, 0, "/usr/bin/prog", NULL, 0);
  assert_mapping (cs_address_space_lookup (space, PID + 1, 0x2000), 0x1000, 0x3000, 0,
                  "/usr/bin/prog");
  /* The parent still runs the shell. */
  assert_mapping (cs_address_space_lookup (space, PID, 0x1000), 0x1000, 0x2000, 0, "/bin/sh");
  g_assert_cmpstr (cs_address_space_get_comm (space, PID), ==, "sh");

  /* A COMM without exec keeps the maps. */
  cs_address_space_comm (space, PID, PID, "bash", FALSE);
  g_assert_nonnull (cs_address_space_lookup (space, PID, 0x1000));
}

static void
test_exit (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();

  cs_address_space_mmap (space, PID, 0x1000, 0x1000, 0, 5, 0, "/bin/parent", NULL, 0);
  cs_address_space_fork (space, PID + 1, PID);
  cs_address_space_mmap (space, PID + 1, 0x8000, 0x1000, 0, 5, 0, "/lib/old-child.so", NULL, 0);

  /* A thread exits: the process lives on. */
  cs_address_space_exit (space, PID + 1, PID + 2);
  g_assert_false (cs_address_space_has_exited (space, PID + 1));

  cs_address_space_exit (space, PID + 1, PID + 1);
  g_assert_true (cs_address_space_has_exited (space, PID + 1));
  /* Late samples of the exited process still resolve. */
  g_assert_nonnull (cs_address_space_lookup (space, PID + 1, 0x8000));

  /* The pid is reused by a new fork: it starts from its parent's maps,
   * nothing of the old process remains. */
  cs_address_space_fork (space, PID + 1, PID);
  g_assert_false (cs_address_space_has_exited (space, PID + 1));
  g_assert_null (cs_address_space_lookup (space, PID + 1, 0x8000));
  g_assert_nonnull (cs_address_space_lookup (space, PID + 1, 0x1000));

  /* Exit of an unknown process is ignored. */
  cs_address_space_exit (space, 777, 777);
  g_assert_false (cs_address_space_has_process (space, 777));
}

static void
test_kernel (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  const guint64 text = 0xffffffff81000000;
  const CsMapping *m;

  /* perf's kernel map reaches to the top of the address space. */
  cs_address_space_mmap (space, CS_KERNEL_PID, text, G_MAXUINT64 - text + 1 + 0x1000, text, 5, 0,
                         "[kernel.kallsyms]_text", NULL, 0);
  cs_address_space_mmap (space, PID, 0x1000, 0x1000, 0, 5, 0, "/bin/a", NULL, 0);

  m = cs_address_space_lookup (space, PID, text + 0x10);
  g_assert_nonnull (m);
  g_assert_true (m->kernel);
  g_assert_cmpstr (m->filename, ==, "[kernel.kallsyms]_text");
  g_assert_cmphex (m->end, ==, G_MAXUINT64);
  /* Shared by every process, known or not. */
  g_assert_true (cs_address_space_lookup (space, 31337, 0xfffffffffffff000) == m);
  g_assert_true (cs_address_space_lookup_kernel (space, text) == m);
  g_assert_null (cs_address_space_lookup_kernel (space, 0x1000));
  g_assert_null (cs_address_space_lookup (space, PID, text - 1));

  /* A kernel module mapped later splits the kernel map. */
  cs_address_space_mmap (space, CS_KERNEL_PID, 0xffffffffc0000000, 0x10000, 0, 5, 0,
                         "/lib/modules/x/ext4.ko", NULL, 0);
  m = cs_address_space_lookup (space, PID, 0xffffffffc0000010);
  g_assert_cmpstr (m->filename, ==, "/lib/modules/x/ext4.ko");
  g_assert_true (m->kernel);
  m = cs_address_space_lookup (space, PID, 0xffffffffc0010000);
  g_assert_cmpstr (m->filename, ==, "[kernel.kallsyms]_text");
  /* The kernel map's piece after the module keeps its offset arithmetic. */
  g_assert_cmphex (cs_mapping_file_offset (m, 0xffffffffc0010000), ==, 0xffffffffc0010000);
}

static void
test_build_id (void)
{
  g_autoptr(CsAddressSpace) space = cs_address_space_new ();
  const guint8 id[20] = { 0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05,
                          0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
  g_autofree char *hex = NULL;
  g_autoptr(CsMapping) kept = NULL;
  const CsMapping *m;

  cs_address_space_mmap (space, PID, 0x1000, 0x1000, 0, 5, 0, "/lib/x.so", id, sizeof id);
  m = cs_address_space_lookup (space, PID, 0x1000);
  g_assert_cmpuint (m->build_id_len, ==, 20);
  hex = cs_mapping_dup_build_id_hex (m);
  g_assert_cmpstr (hex, ==, "deadbeef000102030405060708090a0b0c0d0e0f");

  /* A mapping kept by a caller outlives its replacement. */
  kept = cs_mapping_ref ((CsMapping *) m);
  cs_address_space_mmap (space, PID, 0x1000, 0x1000, 0, 5, 0, "/lib/y.so", NULL, 0);
  g_assert_cmpstr (kept->filename, ==, "/lib/x.so");
  g_assert_null (cs_mapping_dup_build_id_hex (cs_address_space_lookup (space, PID, 0x1000)));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/address-space/lookup", test_lookup);
  g_test_add_func ("/address-space/identity", test_identity);
  g_test_add_func ("/address-space/overlap", test_overlap);
  g_test_add_func ("/address-space/fork", test_fork);
  g_test_add_func ("/address-space/exec", test_exec);
  g_test_add_func ("/address-space/exit", test_exit);
  g_test_add_func ("/address-space/kernel", test_kernel);
  g_test_add_func ("/address-space/build-id", test_build_id);

  return g_test_run ();
}

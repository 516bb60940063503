// SPDX-License-Identifier: Apache-2.0
// Body flit data of the board self-test, shared by the generator and the
// checker (included inside both modules, so one definition serves both):
// the fields that identify the flit, then their complement, so that a
// stuck, swapped or shifted bit shows up in either half.
function automatic [31:0] wc_fpga_payload(input [2:0] src, input [8:0] seq, input [3:0] idx);
    wc_fpga_payload = {src, seq, idx, ~{src, seq, idx}};
endfunction
